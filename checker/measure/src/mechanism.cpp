// Mechanism checks: the counters say *why* a kernel is fast (one wavefront per shared
// instruction, four sectors per request), so a fast-by-accident kernel cannot pass them.
#include <cstdio>

#include <fmt/format.h>

#include "memlab/bilingual.h"
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
    throw std::runtime_error(join_bilingual(
        {bilingual("the kernel failed while its counters were read: ", "读取计数器时核函数执行失败："), r.message}));
  out.ok = r.ok();
  out.reason = r.message;
  out.values = r.values;
  if (!out.ok && out.reason.empty()) {
    switch (r.status) {
      case counters::Status::not_permitted: out.reason = bilingual("not permitted", "没有权限"); break;
      case counters::Status::unsupported: out.reason = bilingual("unsupported", "不支持"); break;
      default: out.reason = bilingual("error", "出错"); break;
    }
  }
  return out;
}

bool expect_counter_against_work(CheckId id, const Launch& launch, const std::string& counter, double work,
                                 CounterScale scale, const std::string& what, const std::string& work_text,
                                 const std::string& launch_name) {
  const CounterValues c = read_counters({counter}, launch, launch_name);
  if (!c.ok) {
    skip_check(id, counters_unavailable(c.reason));
    return false;
  }
  const double counted = c[counter];
  if (counted <= 0) {
    fail_check(id, bilingual(fmt::format("the counters saw none ({} = 0): is the kernel doing its work?", counter),
                             fmt::format("计数器什么也没看到（{} = 0）：核函数在做它的工作吗？", counter)));
    return false;
  }
  const double value = scale == CounterScale::per_work ? counted / work : work / counted;
  return expect_value(id, Estimate::exact(value),
                      bilingual(fmt::format("{:.3f} {} ({} = {:.0f}; the work: {})", value, english_part(what), counter,
                                            counted, english_part(work_text)),
                                fmt::format("{:.3f}（{}）（{} = {:.0f}；工作量：{}）", value, chinese_part(what),
                                            counter, counted, chinese_part(work_text))));
}

}  // namespace memlab
