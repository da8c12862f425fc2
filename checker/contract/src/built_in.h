#pragma once
// What CMake found when it built the tool: objdump, the compilers' system include folders,
// the course tree, and the baseline (the headers that lab.h-level includes pull in).
#include <string>
#include <vector>

namespace contract {

std::string built_in_objdump();
std::vector<std::string> built_in_system_dirs();
std::vector<std::string> built_in_course_dirs();
// An allowed header as one writes it in #include <...>, and the canonical paths of every
// header that this one include pulls in (itself included), as the compilers reported them.
struct BaselineEntry {
  std::string entry;
  std::vector<std::string> headers;
};
std::vector<BaselineEntry> built_in_baseline();

}  // namespace contract
