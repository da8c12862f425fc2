// memlab-course: the instructor's commands (docs/instructor-guide.md).
//   export-student DIR          the student copy: no solutions, README and docs true for it
//   calibrate                   grade starter and solution on this GPU, propose thresholds
//   grade SUBMISSION            one submission, against this course tree
//   grade-class DIR             every submission in DIR, on this machine or as a Slurm job array
//   gradescope-package ZIP      a Gradescope autograder for one lab
#include <CLI/CLI.hpp>
#include <iostream>
#include <stdexcept>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"CUDA Memory Labs: the instructor's commands"};
  app.require_subcommand(1);
  memlab::course::add_export_student_command(app);
  memlab::course::add_calibrate_command(app);
  memlab::course::add_grade_commands(app);
  memlab::course::add_gradescope_package_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const memlab::course::CommandExit& e) {
    return e.code;
  } catch (const std::exception& e) {
    std::cerr << "memlab-course: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
