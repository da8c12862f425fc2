// Rule 4: code that runs without being called: before main (.init_array, .ctors, .init,
// preinit), at exit (.fini_array, .dtors, .fini), at load time (ifunc resolvers), plus what
// would let code be written at run time (an executable stack, writable code).
#include <elf.h>

#include <algorithm>
#include <set>

#include "checks.h"
#include "policy.h"
#include "symbol_names.h"

namespace contract {

namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

bool is_startup_table(const ElfSection& s) {
  if (s.type == SHT_INIT_ARRAY || s.type == SHT_FINI_ARRAY || s.type == SHT_PREINIT_ARRAY) return true;
  for (const char* prefix : {".init_array", ".fini_array", ".preinit_array", ".ctors", ".dtors"})
    if (starts_with(s.name, prefix)) return true;
  return false;
}

// What a constructor really does, through the object's own functions (at -O0 it calls
// __static_initialization_and_destruction_0): the external functions it calls and the
// variables it writes.
struct Reach {
  std::set<long> seen;
  std::vector<std::string> calls, globals;
};

void add_once(std::vector<std::string>& list, const std::string& name) {
  for (const std::string& x : list)
    if (x == name) return;
  list.push_back(name);
}

void reach(const ElfObject& o, long fn, Reach& r) {
  if (fn < 0 || !r.seen.insert(fn).second) return;
  const ElfSymbol& f = o.symbols[fn];
  for (const ElfRelocation& rel : o.relocations) {
    if (rel.target_section != f.section || rel.offset < f.value || rel.offset >= f.value + f.size) continue;
    const ElfSymbol& target = o.symbols[rel.symbol];
    if (target.is_undefined()) {
      if (target.name != "__dso_handle") add_once(r.calls, target.name);
      continue;
    }
    std::size_t section = 0;
    std::uint64_t offset = 0;
    if (!o.resolve(rel, section, offset)) continue;
    // A PC-relative call or load carries an addend of -4 (the field ends the instruction).
    const bool pc_relative = rel.type == R_X86_64_PC32 || rel.type == R_X86_64_PLT32;
    const std::uint64_t at = offset + (pc_relative ? 4 : 0);
    if (o.sections[section].flags & SHF_EXECINSTR) {
      reach(o, o.function_at(section, at), r);
    } else {
      long object = o.object_at(section, at);
      if (object < 0) object = o.object_at(section, offset);
      if (object >= 0 && o.symbols[object].name.rfind("_ZGV", 0) != 0 && o.symbols[object].name != "__dso_handle")
        add_once(r.globals, demangle(o.symbols[object].name));
    }
  }
}

std::string list_of(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < 3; ++i) text += (i ? ", " : "") + shortened(names[i], 100);
  if (names.size() > 3) text += " and " + std::to_string(names.size() - 3) + " more";
  return text;
}

std::string what_it_does(const ElfObject& o, long fn) {
  Reach r;
  reach(o, fn, r);
  // The telling calls first: setenv says more than std::allocator<char>::allocator().
  std::stable_partition(r.calls.begin(), r.calls.end(),
                        [](const std::string& n) { return !common_reference_allowed(n); });
  for (std::string& n : r.calls) n = demangle(n);
  std::string text;
  if (!r.globals.empty()) text += " that initializes " + list_of(r.globals);
  if (!r.calls.empty()) text += (r.globals.empty() ? " that calls " : " and calls ") + list_of(r.calls);
  return text;
}

const char* kBeforeMain =
    "code that runs before main or at exit: a global object with a constructor or destructor (a static std::string, "
    "std::vector, ...), a global initialized by a call (static int x = f();) or __attribute__((constructor)); use "
    "constexpr values or plain arrays, or build the object inside your function";

}  // namespace

void check_startup(const Submission&, const StudentFile& f, const ElfObject& o, Violations& out) {
  int nvcc_entries = 0;
  for (std::size_t i = 0; i < o.sections.size(); ++i) {
    const ElfSection& sec = o.sections[i];
    if (sec.name == ".init" || sec.name == ".fini") {
      out.push_back(f.display + " has a static constructor in section " + sec.name + " (" + kBeforeMain + ")");
      continue;
    }
    if (!is_startup_table(sec)) continue;
    const bool init = sec.type == SHT_INIT_ARRAY && starts_with(sec.name, ".init_array");
    std::uint64_t relocated = 0;
    for (const ElfRelocation& r : o.relocations) {
      if (r.target_section != i) continue;
      ++relocated;
      std::size_t target = 0;
      std::uint64_t offset = 0;
      const long fn = o.resolve(r, target, offset) ? o.function_at(target, offset) : -1;
      const bool nvcc = fn >= 0 && init && f.compiled_by_nvcc() && o.symbols[fn].name == kNvccRegisterAll &&
                        o.symbols[fn].bind == STB_LOCAL;
      if (nvcc && ++nvcc_entries == 1) continue;  // nvcc registers the file's kernels: one entry per .cu object
      const std::string name = fn >= 0 ? demangle(o.symbols[fn].name) : demangle(o.symbols[r.symbol].name);
      out.push_back(f.display + " has a static constructor " + shortened(name) + what_it_does(o, fn) + " (" +
                    kBeforeMain + ")");
    }
    if (sec.size / 8 > relocated)
      out.push_back(f.display + " has a static constructor at a fixed address in " + sec.name + " (" + kBeforeMain +
                    ")");
  }

  for (const ElfSymbol& sym : o.symbols)
    if (sym.type == STT_GNU_IFUNC && !sym.is_undefined())
      out.push_back(f.display + " has a static constructor " + demangle(sym.name) +
                    " (an ifunc: its resolver runs when the program is loaded)");

  bool stack_note = false;
  for (const ElfSection& sec : o.sections) {
    if (sec.name == ".note.GNU-stack") {
      stack_note = true;
      if (sec.flags & SHF_EXECINSTR)
        out.push_back(f.display + " asks for an executable stack (run-time code: bytes written to memory could run)");
    }
    if ((sec.flags & SHF_EXECINSTR) && (sec.flags & SHF_WRITE))
      out.push_back(f.display + " has a writable code section " + sec.name +
                    " (run-time code: bytes written to memory could run)");
  }
  if (!stack_note)
    out.push_back(
        f.display +
        " does not mark its stack non-executable (run-time code: the linker would make the stack executable)");
}

}  // namespace contract
