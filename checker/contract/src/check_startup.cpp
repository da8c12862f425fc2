// Rule 4: code that runs without being called: before main (.init_array, .ctors, .init,
// preinit), at exit (.fini_array, .dtors, .fini), at load time (ifunc resolvers), plus what
// would let code be written at run time (an executable stack, writable code).
#include <elf.h>

#include <algorithm>
#include <set>

#include "checks.h"
#include "memlab/bilingual.h"
#include "policy.h"
#include "symbol_names.h"
#include "violation_text.h"

namespace contract {

namespace {

using memlab::bilingual;
using memlab::chinese_part;
using memlab::english_part;

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

// The first three names, and how many more: "a, b, c and 2 more", "a、b、c 以及另外 2 个".
std::string list_of(const std::vector<std::string>& names) {
  std::string en, zh;
  for (std::size_t i = 0; i < names.size() && i < 3; ++i) {
    en += (i ? ", " : "") + shortened(names[i], 100);
    zh += (i ? "、" : "") + shortened(names[i], 100);
  }
  if (names.size() > 3) {
    en += " and " + std::to_string(names.size() - 3) + " more";
    zh += " 以及另外 " + std::to_string(names.size() - 3) + " 个";
  }
  return bilingual(en, zh);
}

// What a constructor does, to follow its name: " that initializes x and calls setenv",
// "，它初始化 x，并调用 setenv"; empty in both when nothing can be told.
std::string what_it_does(const ElfObject& o, long fn) {
  Reach r;
  reach(o, fn, r);
  // The telling calls first: setenv says more than std::allocator<char>::allocator().
  std::stable_partition(r.calls.begin(), r.calls.end(),
                        [](const std::string& n) { return !common_reference_allowed(n); });
  for (std::string& n : r.calls) n = demangle(n);
  const std::string globals = list_of(r.globals), calls = list_of(r.calls);
  std::string en, zh;
  if (!r.globals.empty()) {
    en += " that initializes " + std::string(english_part(globals));
    zh += "，它初始化 " + std::string(chinese_part(globals));
  }
  if (!r.calls.empty()) {
    en += (r.globals.empty() ? " that calls " : " and calls ") + std::string(english_part(calls));
    zh += (r.globals.empty() ? "，它调用 " : "，并调用 ") + std::string(chinese_part(calls));
  }
  return bilingual(en, zh);
}

const std::string kBeforeMain = bilingual(
    "code that runs before main or at exit: a global object with a constructor or destructor (a static std::string, "
    "std::vector, ...), a global initialized by a call (static int x = f();) or __attribute__((constructor)); use "
    "constexpr values or plain arrays, or build the object inside your function",
    "在 main 之前或退出时运行的代码：带构造函数或析构函数的全局对象（静态的 std::string、std::vector 等），"
    "由函数调用初始化的全局变量（`static int x = f();`），或者 __attribute__((constructor))；请改用 constexpr "
    "值或普通数组，或者在你的函数里构造这个对象");

const std::string kRunTimeCode =
    bilingual("run-time code: bytes written to memory could run", "运行时生成的代码：写进内存的字节可能被执行");

}  // namespace

void check_startup(const Submission&, const StudentFile& f, const ElfObject& o, Violations& out) {
  int nvcc_entries = 0;
  for (std::size_t i = 0; i < o.sections.size(); ++i) {
    const ElfSection& sec = o.sections[i];
    if (sec.name == ".init" || sec.name == ".fini") {
      out.push_back(with_class(f.display + " has a static constructor in section " + sec.name,
                               f.display + " 的节 " + sec.name + " 中有静态构造函数", kBeforeMain));
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
      const std::string name = shortened(fn >= 0 ? demangle(o.symbols[fn].name) : demangle(o.symbols[r.symbol].name));
      const std::string does = what_it_does(o, fn);
      out.push_back(with_class(f.display + " has a static constructor " + name + std::string(english_part(does)),
                               f.display + " 有静态构造函数 " + name + std::string(chinese_part(does)), kBeforeMain));
    }
    if (sec.size / 8 > relocated)
      out.push_back(with_class(f.display + " has a static constructor at a fixed address in " + sec.name,
                               f.display + " 的 " + sec.name + " 中有一个位于固定地址的静态构造函数", kBeforeMain));
  }

  for (const ElfSymbol& sym : o.symbols)
    if (sym.type == STT_GNU_IFUNC && !sym.is_undefined())
      out.push_back(with_class(f.display + " has a static constructor " + demangle(sym.name),
                               f.display + " 有静态构造函数 " + demangle(sym.name),
                               bilingual("an ifunc: its resolver runs when the program is loaded",
                                         "一个 ifunc：程序加载时就会运行它的解析函数")));

  bool stack_note = false;
  for (const ElfSection& sec : o.sections) {
    if (sec.name == ".note.GNU-stack") {
      stack_note = true;
      if (sec.flags & SHF_EXECINSTR)
        out.push_back(
            with_class(f.display + " asks for an executable stack", f.display + " 要求可执行的栈", kRunTimeCode));
    }
    if ((sec.flags & SHF_EXECINSTR) && (sec.flags & SHF_WRITE))
      out.push_back(with_class(f.display + " has a writable code section " + sec.name,
                               f.display + " 有可写的代码节 " + sec.name, kRunTimeCode));
  }
  if (!stack_note)
    out.push_back(with_class(f.display + " does not mark its stack non-executable",
                             f.display + " 没有把它的栈标记为不可执行",
                             bilingual("run-time code: the linker would make the stack executable",
                                       "运行时生成的代码：链接器会把栈设为可执行")));
}

}  // namespace contract
