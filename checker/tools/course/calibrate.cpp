#include <stdexcept>

#include "commands.h"

namespace memlab::course {

void add_calibrate_command(CLI::App& app) {
  CLI::App* sub = app.add_subcommand("calibrate", "(being written)");
  sub->callback([] { throw std::runtime_error("calibrate is not written yet"); });
}

}  // namespace memlab::course
