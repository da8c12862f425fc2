#pragma once
// The programs gradescope-package runs (git, cmake), found on PATH. Their arguments pass through
// /bin/sh, each one quoted, so paths with spaces or quotes are safe.
#include <optional>
#include <string>
#include <vector>

namespace memlab::course {

// `text` in single quotes for /bin/sh.
std::string shell_quoted(const std::string& text);

// Runs argv; its output goes to ours. Returns the exit status (127: the program was not found).
int run_program(const std::vector<std::string>& argv);

// Runs argv and returns what it wrote on stdout (its stderr is dropped), or nothing when it
// could not run or exited with a non-zero status.
std::optional<std::string> program_output(const std::vector<std::string>& argv);

}  // namespace memlab::course
