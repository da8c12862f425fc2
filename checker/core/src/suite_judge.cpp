#include "memlab/suite_judge.h"

#include "memlab/bilingual.h"
#include "memlab/gap_rule.h"

#include <cstring>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace memlab {

std::string ending_reason(const ProgramEnding& e) {
  if (!e.ran)
    return join_bilingual({bilingual("the check program could not be started: ", "检查程序无法启动："), e.start_error});
  if (e.timed_out) {
    const auto seconds = static_cast<long long>(e.deadline_s);
    return bilingual(
        fmt::format("timed out after {} s: the check program was ended (a kernel or a launcher that never returns?)",
                    seconds),
        fmt::format("{} s 后超时：检查程序被结束了（是不是有核函数或启动函数一直不返回？）", seconds));
  }
  if (!e.fatal.empty()) return e.fatal;
  if (e.signal > 0) {
    const char* name = strsignal(e.signal);
    return bilingual(
        fmt::format("the check program crashed: killed by signal {} ({})", e.signal, name ? name : "unknown"),
        fmt::format("检查程序崩溃了：被信号 {}（{}）结束", e.signal, name ? name : "未知"));
  }
  if (!e.sent_end) {
    return bilingual(
        fmt::format("the check program ended before reporting (exit status {}): something called exit or ended the "
                    "process early",
                    e.exit_code),
        fmt::format("检查程序在报告结果之前就结束了（退出状态 {}）：有代码调用了 exit，或者提前结束了进程",
                    e.exit_code));
  }
  return "";
}

Requirement requirement_of(const CheckSpec& spec, const std::optional<GapMeasurement>& gap) {
  Requirement req;
  req.value = spec.required.value_or(0);
  req.text = result_row(spec).required_text;
  if (!spec.gap_rule) return req;
  if (!gap) throw std::invalid_argument("check " + spec.id + " has a gap rule but no gap measurement");
  const GapDecision d = decide_gap(*spec.gap_rule, *gap);
  req.graded_by_time = d.graded_by_time;
  req.reason = d.reason;
  if (!spec.required) {
    req.value = d.required_speedup;
    req.text = d.required_text;
  } else {
    req.text = join_bilingual(
        {req.text,
         bilingual(fmt::format(" (graded by time: the starter is {:.2f}x slower than {} here, at least {:.2f}x)",
                               d.headroom, spec.gap_rule->target, d.gate),
                   fmt::format("（按时间评分：这里起始代码比{}慢 {:.2f}x，至少要 {:.2f}x）",
                               target_in_chinese(spec.gap_rule->target), d.headroom, d.gate))});
  }
  return req;
}

CheckResult result_row(const CheckSpec& spec) {
  CheckResult r;
  r.id = spec.id;
  r.suite = spec.suite;
  r.kind = spec.kind;
  r.description = spec.description;
  r.hint = spec.hint;
  r.max_points = spec.points;
  if (spec.required)
    r.required_text = bilingual(
        std::string(to_symbol(spec.compare)) + " " + format_quantity(*spec.required, spec.unit),
        std::string(to_symbol(spec.compare)) + " " + format_quantity(*spec.required, unit_in_chinese(spec.unit)));
  else if (spec.gap_rule)
    r.required_text = bilingual(fmt::format(">= {:.0f} % of the gap from the starter to {} on this GPU",
                                            spec.gap_rule->close * 100, spec.gap_rule->target),
                                fmt::format(">= 起始代码与本 GPU 上{}之间差距的 {:.0f} %",
                                            target_in_chinese(spec.gap_rule->target), spec.gap_rule->close * 100));
  return r;
}

namespace {

CheckResult decide(const CheckSpec& spec, const MeasurementRecord& rec) {
  CheckResult r = result_row(spec);
  r.measured_text = rec.measured_text;
  switch (rec.outcome) {
    case Outcome::failed:
      r.verdict = Verdict::fail;
      r.detail = rec.detail;
      break;
    case Outcome::skipped:
      r.verdict = Verdict::skip;
      r.detail = rec.detail;
      break;
    case Outcome::flag:
      r.verdict = rec.estimate.value != 0 ? Verdict::pass : Verdict::fail;
      r.measured = rec.estimate.value != 0 ? 1.0 : 0.0;
      r.detail = rec.detail;
      break;
    case Outcome::value: {
      if (spec.compare == Compare::is_true) {
        r.verdict = Verdict::fail;
        r.detail = bilingual("the check program sent a value for a pass/fail check",
                             "检查程序为一个只分通过与否的检查项发送了数值");
        break;
      }
      if (spec.gap_rule && !rec.gap) {
        r.verdict = Verdict::fail;
        r.detail = bilingual("the check program sent no gap measurement for a check with a gap rule",
                             "检查程序没有为带差距规则的检查项发送差距的测量值");
        break;
      }
      const Requirement req = requirement_of(spec, rec.gap);
      if (!req.graded_by_time) {
        r.verdict = Verdict::skip;
        r.measured = rec.estimate.value;
        r.detail = req.reason;
        r.points_moved_to = spec.gap_rule->counters;
        break;
      }
      r.required_text = req.text;
      const Judgement j = judge(spec.compare, req.value, rec.estimate, rec.doubt);
      r.verdict = j.verdict;
      r.measured = rec.estimate.value;
      r.detail = j.reason;
      break;
    }
  }
  r.points = r.verdict == Verdict::pass ? r.max_points : 0;
  return r;
}

}  // namespace

std::vector<CheckResult> judge_suite(const Manifest& manifest, const std::string& suite,
                                     const std::vector<MeasurementRecord>& records, const ProgramEnding& ending) {
  std::map<std::string, const MeasurementRecord*> first;
  std::map<std::string, int> count;
  for (const auto& rec : records) {
    if (rec.kind != MeasurementRecord::Kind::check) continue;
    if (!count[rec.id]++) first[rec.id] = &rec;
  }
  const std::string ended = ending_reason(ending);
  std::string protocol;
  if (!ending.protocol_errors.empty()) {
    protocol = join_bilingual({bilingual("the check program's results cannot be trusted: ", "检查程序的结果不可信："),
                               ending.protocol_errors.front()});
    if (ending.protocol_errors.size() > 1)
      protocol =
          join_bilingual({protocol, bilingual(fmt::format(" (and {} more)", ending.protocol_errors.size() - 1),
                                              fmt::format("（另外还有 {} 条）", ending.protocol_errors.size() - 1))});
  }
  std::vector<CheckResult> rows;
  for (const CheckSpec* spec : manifest.suite(suite)) {
    CheckResult r;
    auto it = first.find(spec->id);
    if (!protocol.empty()) {
      r = result_row(*spec);
      r.verdict = Verdict::fail;
      r.detail = protocol;
    } else if (it == first.end()) {
      r = result_row(*spec);
      r.verdict = Verdict::fail;
      r.detail =
          join_bilingual({bilingual("not evaluated: ", "未评估："),
                          ended.empty() ? bilingual("the checker never recorded it", "检查程序从未记录它") : ended});
    } else if (count[spec->id] > 1) {
      r = result_row(*spec);
      r.verdict = Verdict::fail;
      r.detail = bilingual(fmt::format("reported {} times: a check is measured once", count[spec->id]),
                           fmt::format("报告了 {} 次：一个检查项只应测量一次", count[spec->id]));
    } else {
      r = decide(*spec, *it->second);
    }
    rows.push_back(r);
  }
  return rows;
}

std::vector<CheckResult> fail_suite(const Manifest& manifest, const std::string& suite, const std::string& reason) {
  std::vector<CheckResult> rows;
  for (const CheckSpec* spec : manifest.suite(suite)) {
    CheckResult r = result_row(*spec);
    r.verdict = Verdict::fail;
    r.detail = reason;
    rows.push_back(r);
  }
  return rows;
}

}  // namespace memlab
