// memlab-course: the instructor's commands (docs/instructor-guide.md).
//   export-student DIR          the student copy: no solutions, README and docs true for it
//   calibrate                   grade starter and solution on this GPU, propose thresholds
//   grade SUBMISSION            one submission, against this course tree
//   grade-class DIR             every submission in DIR, on this machine or as a Slurm job array
//   gradescope-package ZIP      a Gradescope autograder for one lab
//   contain -- COMMAND          run COMMAND, then end every process it left running
#include <CLI/CLI.hpp>
#include <iostream>
#include <stdexcept>

#include "commands.h"
#include "containment.h"

namespace {

// Every process a grading started and left (one whose judge was killed before it could end
// them) is an orphan of this process, a subreaper, and ends with the command.
int ending_leftovers(int code) {
  const std::vector<memlab::LeftProcess> left = memlab::end_descendants();
  if (!left.empty())
    std::cerr << "memlab-course: ended " << left.size() << " process(es) left running: " << memlab::describe(left)
              << "\n";
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"CUDA Memory Labs: the instructor's commands"};
  app.require_subcommand(1);
  memlab::become_subreaper();
  memlab::course::add_export_student_command(app);
  memlab::course::add_calibrate_command(app);
  memlab::course::add_grade_commands(app);
  memlab::course::add_gradescope_package_command(app);
  memlab::course::add_contain_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const memlab::course::CommandExit& e) {
    return ending_leftovers(e.code);
  } catch (const std::exception& e) {
    std::cerr << "memlab-course: " << e.what() << "\n";
    return ending_leftovers(2);
  }
  return ending_leftovers(0);
}
