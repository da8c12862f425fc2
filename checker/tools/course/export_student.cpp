#include <stdexcept>

#include "commands.h"

namespace memlab::course {

void add_export_student_command(CLI::App& app) {
  CLI::App* sub = app.add_subcommand("export-student", "(being written)");
  sub->callback([] { throw std::runtime_error("export-student is not written yet"); });
}

}  // namespace memlab::course
