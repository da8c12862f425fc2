#pragma once
// Reads a make-style dependency file (gcc/nvcc -MD): "target: prerequisite prerequisite \"
// ... with GCC's escapes ("\ " for a space, "\#", "$$"). Also reads what `ninja -t deps
// <object>` prints ("target: #deps N, deps mtime M (VALID)", then one indented path a line):
// with CMake's Ninja generator (deps = gcc) Ninja deletes the .d file once it has read it.
#include <string>
#include <vector>

namespace contract {

// Every prerequisite of every rule, in file order, each once. Throws std::runtime_error when
// the file cannot be read.
std::vector<std::string> read_depfile(const std::string& path);

// The same from the file's text.
std::vector<std::string> parse_depfile(const std::string& text);

}  // namespace contract
