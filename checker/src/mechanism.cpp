// Mechanism checks: the counters say *why* a kernel is fast (one wavefront per shared
// instruction, four sectors per request), so a fast-by-accident kernel cannot pass them.
#include <cstdio>

#include "memlab/checker.h"
#include "memlab/counters.h"
#include "memlab/launch.h"
#include "memlab/recorder_lifetime.h"

#include <stdexcept>

namespace memlab {

double CounterValues::operator[](const std::string& metric) const {
  auto it = values.find(metric);
  return it == values.end() ? 0.0 : it->second;
}

CounterValues read_counters(const std::vector<std::string>& metrics, const Launch& launch,
                            const std::string& launch_name) {
  CounterValues out;
  // Once under the launch watchdog first: a kernel that hangs, fails or escapes its stream is
  // reported as such (the profiler's replays have no deadline of their own).
  run_checked(launch_name, launch);
  end_plan_recorder();  // the plan is known now; nothing that ran the student's host code lives below
  counters::Result r = counters::measure(metrics, [&] { launch(work_stream()); });
  // The student's kernel failing under the profiler is the kernel's fault, not a missing
  // permission: it fails the check (through the test case's exception), it is not skipped.
  if (r.status == counters::Status::error && r.message.find("the launch") != std::string::npos)
    throw std::runtime_error("the kernel failed while its counters were read: " + r.message);
  out.ok = r.ok();
  out.reason = r.message;
  out.values = r.values;
  if (!out.ok && out.reason.empty()) out.reason = counters::to_string(r.status);
  return out;
}

bool expect_counter_ratio(CheckId id, const Launch& launch, const std::string& numerator,
                          const std::string& denominator, const std::string& what, const std::string& launch_name) {
  CounterValues c = read_counters({numerator, denominator}, launch, launch_name);
  if (!c.ok) {
    skip_check(id, "hardware counters unavailable: " + c.reason);
    return false;
  }
  const double num = c[numerator], den = c[denominator];
  if (den <= 0) {
    fail_check(id, "the counters saw no " + what + " (" + denominator + " = 0): is the kernel doing its work?");
    return false;
  }
  char text[256];
  std::snprintf(text, sizeof text, "%.3f %s (%.0f / %.0f)", num / den, what.c_str(), num, den);
  return expect_value(id, Estimate::exact(num / den), text);
}

}  // namespace memlab
