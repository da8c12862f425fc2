// Rule 2: what the student's object defines with external linkage, i.e. what it could put in
// place of someone else's definition at link time (a CUDA runtime function, a checker helper).
#include <elf.h>

#include <set>

#include "checks.h"
#include "memlab/bilingual.h"
#include "policy.h"
#include "symbol_names.h"
#include "violation_text.h"

namespace contract {

namespace {

using memlab::bilingual;

const std::string kOnlyLabH = bilingual(
    "only what lab.h declares may have external linkage; make helpers static or put them in an anonymous namespace",
    "只有 lab.h 所声明的名字才可以有外部链接；把辅助函数声明为 static，或者放进匿名命名空间");

// Reserved scopes are named as such only for library kernels; everything else gets the rule.
std::string definition_class(const std::string& reserved) {
  return reserved.rfind("library kernels", 0) == 0 ? reserved : kOnlyLabH;
}

// A replaceable global operator new or delete: a definition replaces the program's allocator.
// The placement forms (<new> defines them inline) replace nothing.
bool is_replaceable_new_or_delete(const std::string& mangled) {
  for (const char* placement : {"_ZnwmPv", "_ZnamPv", "_ZdlPvS_", "_ZdaPvS_"})
    if (mangled == placement) return false;
  for (const char* op : {"_Znw", "_Zna", "_Zdl", "_Zda"})
    if (mangled.compare(0, 4, op) == 0) return true;
  return false;
}

}  // namespace

void check_definitions(const Submission& s, const StudentFile& f, const ElfObject& o, Violations& out) {
  std::set<std::string> declared;
  for (const std::string& d : s.lab.defines) declared.insert(signature_key(d));

  // Kernels, found through the launch stubs nvcc writes for them.
  std::set<std::string> kernels, c_kernel_names;
  for (const ElfSymbol& sym : o.symbols) {
    std::string kernel;
    if (!sym.is_undefined() && sym.type == STT_FUNC && kernel_of_stub(sym.name, kernel)) {
      kernels.insert(kernel);
      if (outer_scope(kernel).empty()) c_kernel_names.insert(global_identifier(kernel));
    }
  }

  std::set<std::string> reported;
  auto refuse = [&](const std::string& name, const std::string& why) {
    if (reported.insert(name).second)
      out.push_back(
          with_class(f.display + " defines " + shortened(name), f.display + " 定义了 " + shortened(name), why));
  };

  for (const ElfSymbol& sym : o.symbols) {
    if (!sym.is_external() || sym.is_undefined() || sym.type == STT_FILE || sym.type == STT_SECTION) continue;
    const std::string shown = demangle(sym.name);
    if (declared.count(signature_key(shown))) continue;
    const bool cpp = is_cpp_name(sym.name);
    const std::string scope = cpp ? outer_scope(sym.name) : "";
    // nvcc gives kernels in an anonymous namespace external names of their own, unique to the
    // translation unit ("_GLOBAL__N__4b6106fb_..."): nothing else can be called that.
    if (cpp && scope == "(anonymous namespace)") continue;

    std::string stub_of;
    if (kernel_of_stub(sym.name, stub_of) || kernels.count(sym.name)) {
      const std::string kernel = stub_of.empty() ? sym.name : stub_of;
      const std::string reserved = reserved_scope(outer_scope(kernel), s.lab.library_kernels);
      if (!reserved.empty()) refuse(demangle(kernel), definition_class(reserved));
      continue;
    }
    if (!cpp && c_kernel_names.count(sym.name)) {
      refuse(shown, bilingual("a kernel with C linkage can stand in for a C library function; drop extern \"C\"",
                              "C 链接的核函数可以顶替 C 库中的同名函数；请去掉 extern \"C\""));
      continue;
    }
    if (sym.name == "DW.ref.__gxx_personality_v0") continue;  // the C++ runtime's, in a COMDAT group

    // Inline functions and template instantiations: weak, in a COMDAT group, merged with
    // identical copies at link time. Their own code, or the standard library's.
    const bool comdat = sym.section < o.sections.size() && o.sections[sym.section].in_comdat_group;
    if ((sym.bind == STB_WEAK || sym.bind == STB_GNU_UNIQUE) && comdat && cpp &&
        !is_replaceable_new_or_delete(sym.name)) {
      const std::string reserved = reserved_scope(scope, s.lab.library_kernels);
      if (!reserved.empty()) refuse(shown, definition_class(reserved));
      continue;
    }
    refuse(shown, definition_class(reserved_scope(scope, s.lab.library_kernels)));
  }
}

}  // namespace contract
