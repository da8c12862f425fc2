// Rule 3: every symbol the student's object leaves for the linker to find.
#include <elf.h>

#include <algorithm>
#include <map>
#include <set>

#include "checks.h"
#include "policy.h"
#include "symbol_names.h"
#include "violation_text.h"

namespace contract {

namespace {

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// nvcc's registration function (run from .init_array) registers the unregistration with
// atexit: that call, and only that one, is allowed, and only in an object nvcc built.
bool atexit_only_from_nvcc(const StudentFile& f, const ElfObject& o, std::size_t atexit_symbol) {
  if (!f.compiled_by_nvcc()) return false;
  int register_functions = 0;
  for (const ElfSymbol& sym : o.symbols)
    if (sym.name == kNvccRegisterAll && sym.type == STT_FUNC) ++register_functions;
  if (register_functions != 1) return false;
  int uses = 0;
  for (const ElfRelocation& r : o.relocations) {
    if (r.symbol != atexit_symbol) continue;
    const long fn = o.function_at(r.target_section, r.offset);
    if (fn < 0 || o.symbols[fn].name != kNvccRegisterAll || o.symbols[fn].bind != STB_LOCAL) return false;
    ++uses;
  }
  return uses > 0;
}

// The function a relocation points at (a call's addend of -4 undone), or -1.
long target_function(const ElfObject& o, const ElfRelocation& r) {
  if (o.symbols[r.symbol].type == STT_FUNC) return static_cast<long>(r.symbol);
  std::size_t section = 0;
  std::uint64_t offset = 0;
  if (!o.resolve(r, section, offset)) return -1;
  const bool pc_relative = r.type == R_X86_64_PC32 || r.type == R_X86_64_PLT32;
  return o.function_at(section, offset + (pc_relative ? 4 : 0));
}

// .eh_frame and debug sections describe every function; they call none.
bool describes_only(const ElfSection& s) {
  return !(s.flags & SHF_ALLOC) || s.type == SHT_X86_64_UNWIND || s.name == ".eh_frame";
}

// nvcc compiles each __device__ function for the host too, as a body that calls exit(1) (a
// device function has no host meaning); at -O2 identical ones become jumps to one another.
// Those exit calls are allowed when nothing can reach them: the stubs call exit or each other
// and nothing else, no other host code or data in the object points at one, and none is one
// of lab.h's functions (which the checker calls by name).
bool exit_only_from_device_stubs(const StudentFile& f, const ElfObject& o, std::size_t exit_symbol,
                                 const std::set<std::string>& declared) {
  if (!f.compiled_by_nvcc()) return false;
  std::map<long, std::vector<const ElfRelocation*>> by_function;  // what each function refers to
  for (const ElfRelocation& r : o.relocations)
    if (!describes_only(o.sections[r.target_section]))
      by_function[o.function_at(r.target_section, r.offset)].push_back(&r);

  std::set<long> stubs;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [fn, refs] : by_function) {
      if (fn < 0 || stubs.count(fn)) continue;
      bool only_exit = !refs.empty();
      for (const ElfRelocation* r : refs)
        only_exit = only_exit && (r->symbol == exit_symbol || stubs.count(target_function(o, *r)));
      if (only_exit) grew = stubs.insert(fn).second;
    }
  }
  bool uses = false;
  for (const auto& [fn, refs] : by_function)
    for (const ElfRelocation* r : refs) {
      if (r->symbol == exit_symbol && !stubs.count(fn)) return false;             // exit called from real host code
      if (!stubs.count(fn) && stubs.count(target_function(o, *r))) return false;  // host code reaches a stub
      uses = uses || r->symbol == exit_symbol;
    }
  for (long fn : stubs)
    if (declared.count(signature_key(demangle(o.symbols[fn].name)))) return false;
  return uses;
}

}  // namespace

void check_references(const Submission& s, const StudentFile& f, const ElfObject& o, Violations& out) {
  std::set<std::string> declared;
  for (const std::string& d : s.lab.defines) declared.insert(signature_key(d));
  std::set<std::string> reported;

  for (std::size_t i = 1; i < o.symbols.size(); ++i) {
    const ElfSymbol& sym = o.symbols[i];
    if (!sym.is_undefined() || sym.name.empty() || sym.type == STT_SECTION || sym.type == STT_FILE) continue;
    const std::string& name = sym.name;
    const bool removed = listed(s.lab.cuda_api_removed, name);
    if (!removed && (common_reference_allowed(name) || common_cuda_api(name))) continue;
    if (listed(s.lab.cuda_api, name)) continue;
    if (declared.count(signature_key(demangle(name)))) continue;  // another of the student's files defines it
    if (name == "atexit" && atexit_only_from_nvcc(f, o, i)) continue;
    if (name == "exit" && exit_only_from_device_stubs(f, o, i, declared)) continue;
    if (!reported.insert(name).second) continue;
    const std::string shown = shortened(demangle(name));
    out.push_back(with_class(f.display + " references " + shown, f.display + " 引用了 " + shown,
                             reference_class(name, s.lab.library_kernels)));
  }
}

}  // namespace contract
