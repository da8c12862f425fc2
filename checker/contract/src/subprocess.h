#pragma once
// Runs a program (no shell: arguments are passed as they are) and captures its standard output.
#include <string>
#include <vector>

namespace contract {

// Throws std::runtime_error when the program cannot be started or exits non-zero. Its standard
// error goes to ours, or nowhere when `quiet`.
std::string run_and_capture(const std::vector<std::string>& argv, bool quiet = false);

}  // namespace contract
