#pragma once
// Running a student's launch safely: errors from the launch and from the kernel are caught
// and explained, work that leaves the stream it was given is reported, and a kernel that does
// not finish within a time limit is reported as a hang (the process then exits: a hung kernel
// cannot be cancelled from inside it).
#include <chrono>
#include <string>

#include "memlab/timer.h"

namespace memlab {

struct LaunchFailure : std::exception {
  std::string message;
  explicit LaunchFailure(std::string m) : message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

// The one stream every launch of the student's code is given, in every suite: correctness runs,
// timed samples and counter reads. A launcher cannot tell a checked call from a timed one by its
// stream. Non-blocking, created by the checker on first use and kept for the process's life.
cudaStream_t work_stream();

// Runs `launch` on work_stream() and waits for it; throws LaunchFailure with an
// explanation of what went wrong (bad configuration, illegal address, work still running on the
// default streams after its own stream finished, the device busy for kRunCheckedIdleMs after
// it). `what` names the launch.
void run_checked(const std::string& what, const Launch& launch);

// One launch, no repetition, so the host's own hiccups (a descheduled thread: a few ms) must
// not count as work left behind; 25 ms is several scheduler time slices.
constexpr double kRunCheckedIdleMs = 25;

// Under compute-sanitizer (verify-labs.sh), the tool's own work delays the device's idle and the
// timestamps, so run_checked's two timing layers (the legacy stream's gap, kRunCheckedIdleMs)
// would report a stray stream that is not there. Off, run_checked keeps the exact layer only:
// work still queued on the default streams. The check program turns them off for --sanitizer-run,
// which it refuses in a graded run (one with the judge's record pipe); the course's GPU tests
// take the same option (checker/tests/labs/gpu_test_main.cpp).
void set_stream_timing_layers(bool on);

// Seconds a single launch may take before it counts as a hang (MEMLAB_LAUNCH_TIMEOUT, default 30).
std::chrono::seconds launch_timeout();

}  // namespace memlab
