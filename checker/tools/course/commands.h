#pragma once
// memlab-course's subcommands: each file adds one to the command line and runs it.
#include <CLI/CLI.hpp>

namespace memlab::course {

// Thrown by a command that ran but must end with this exit status (e.g. 1: some submission
// could not be graded); main() returns it.
struct CommandExit {
  int code;
};

// Each returns after registering its subcommand; the callback it sets runs the command and
// throws std::runtime_error with a message for the instructor on failure.
void add_export_student_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);
void add_grade_commands(CLI::App& app);  // grade and grade-class
void add_gradescope_package_command(CLI::App& app);
void add_contain_command(CLI::App& app);  // contain -- COMMAND: ends what COMMAND left running

}  // namespace memlab::course
