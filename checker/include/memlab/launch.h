#pragma once
// Running a student's launch safely: errors from the launch and from the kernel are caught
// and explained, guard zones are checked afterwards, and a kernel that does not finish
// within a time limit is reported as a hang (the process then exits: a hung kernel cannot
// be cancelled from inside it).
#include <chrono>
#include <string>

#include "memlab/timer.h"

namespace memlab {

struct LaunchFailure : std::exception {
  std::string message;
  explicit LaunchFailure(std::string m) : message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

// Runs `launch` on a fresh stream and waits for it; throws LaunchFailure with an explanation
// of what went wrong (bad configuration, illegal address, ...). `what` names the launch.
void run_checked(const std::string& what, const Launch& launch);

// Seconds a single launch may take before it counts as a hang (MEMLAB_LAUNCH_TIMEOUT, default 30).
std::chrono::seconds launch_timeout();

}  // namespace memlab
