#include <stdexcept>

#include "class_grading.h"
#include "commands.h"

namespace memlab::course {

void add_grade_commands(CLI::App& app) {
  app.add_subcommand("grade", "(being written)")->callback([] { throw std::runtime_error("not yet"); });
  app.add_subcommand("grade-class", "(being written)")->callback([] { throw std::runtime_error("not yet"); });
}

}  // namespace memlab::course
