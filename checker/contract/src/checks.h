#pragma once
// The four rule families of the submission contract, each judged on one compiled student file.
// Each appends violations: one sentence that starts with the file's display name, names the
// header or symbol (demangled) and ends with its class in parentheses.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "contract_file.h"
#include "elf_object.h"

namespace contract {

struct StudentFile {
  std::string display;  // e.g. "transpose.cu": also says which compiler built it
  std::string object;
  std::string depfile;
  bool compiled_by_nvcc() const;
};

// Where things are on this machine: compiled in by CMake, overridable on the command line.
struct Toolchain {
  std::string objdump;
  std::vector<std::string> system_dirs;  // canonical include folders of g++ and nvcc
  std::vector<std::string> course_dirs;  // the course tree: never a system header, whatever its path
  // An allowed header (its name below a system folder, e.g. "cooperative_groups.h") and the
  // names of all the headers it pulls in: those are not judged by name when it is included.
  std::map<std::string, std::set<std::string>> baseline;
  std::string dep_base;  // relative depfile paths are relative to this folder
};

struct Submission {
  LabContract lab;
  std::string lab_header;                     // the staged copy of lab.h
  std::vector<std::string> lab_header_names;  // the paths a depfile may name lab.h by
  Toolchain tools;
};

using Violations = std::vector<std::string>;

// Rule 1: the depfile lists only the file itself, lab.h and system headers, and no system
// header that is refused, unless an allowed header the file includes pulls it in (the
// baseline: <string> brings pthread.h, cooperative_groups.h brings unistd.h).
void check_includes(const Submission& s, const StudentFile& f, Violations& out);

// Rule 2: external definitions are what lab.h declares, kernels, nvcc's boilerplate, and
// inline/template instantiations (COMDAT) outside reserved scopes.
void check_definitions(const Submission& s, const StudentFile& f, const ElfObject& o, Violations& out);

// Rule 3: every undefined symbol is on the allowlist (common + the lab's CUDA runtime extras).
void check_references(const Submission& s, const StudentFile& f, const ElfObject& o, Violations& out);

// Rule 4: no code that runs before main or at exit other than nvcc's registration function, no
// load-time resolvers (ifunc), no executable stack or writable code.
void check_startup(const Submission& s, const StudentFile& f, const ElfObject& o, Violations& out);

// Rule 3, instructions: no syscall / sysenter / int 0x80 (raw system calls) or rdtsc (time)
// in the host code, and no jump into the middle of an instruction (code hidden from the
// disassembly). Runs objdump.
void check_instructions(const Submission& s, const StudentFile& f, const ElfObject& o, Violations& out);

// The name of the only nvcc function allowed to run before main, and to call atexit.
inline const char* kNvccRegisterAll = "_ZL24__sti____cudaRegisterAllv";

}  // namespace contract
