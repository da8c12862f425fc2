#pragma once
// Path questions the include rule asks, on canonical paths (symlinks and ".." resolved, so that
// /usr/local/cuda/bin/../targets/x86_64-linux/include and /usr/local/cuda-13.0/include agree).
#include <string>
#include <vector>

namespace contract {

// `path` made absolute against `base` (when relative) and canonical where it exists.
std::string canonical_path(const std::string& path, const std::string& base);

// Is `path` inside the folder `dir` (both canonical)?
bool is_inside(const std::string& path, const std::string& dir);

// `path` relative to each folder of `dirs` that holds it, longest folder first ("cub/cub.cuh"
// below .../include/cccl, then "cccl/cub/cub.cuh" below .../include). Empty when none does.
std::vector<std::string> relative_names(const std::string& path, const std::vector<std::string>& dirs);

// The path a staged file's first line names: the build stages lab.h and the student's files with
// `#line 1 "<original path>"`, and the compiler's dependency list then names that path too. It
// is the same file, not an include. Empty when the first line is no #line directive.
std::string line_directive_path(const std::string& staged_file);

}  // namespace contract
