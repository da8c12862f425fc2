#pragma once
// Running git and cmake for export-student: a program found on PATH, in a given folder, with its
// output captured.
#include <filesystem>
#include <string>
#include <vector>

namespace memlab::course {

struct ProgramRun {
  int exit_code = -1;  // -1: it did not start or a signal ended it
  std::string output;  // standard output, and standard error unless it was left to ours
};

// Runs argv (argv[0] looked up on PATH) in `folder` and waits for it. Without `with_stderr`
// its standard error stays ours (for output that must be parsed).
ProgramRun run_program(const std::vector<std::string>& argv, const std::filesystem::path& folder,
                       bool with_stderr = true);

// Like run_program, but throws with the command and its output unless it exits with 0.
std::string run_or_throw(const std::vector<std::string>& argv, const std::filesystem::path& folder,
                         bool with_stderr = true);

}  // namespace memlab::course
