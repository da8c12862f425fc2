// The gap rule (memlab/gap_rule.h): one function the judge, the handouts and memlab-portability
// all call, so that what a GPU check requires and what the portability table predicts agree.
#include "memlab/gap_rule.h"

#include "memlab/bilingual.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace memlab {
namespace {

void check_rule(const GapRule& rule) {
  if (!(rule.close > 0 && rule.close < 1)) throw std::invalid_argument("gap rule: close must lie in (0, 1)");
  if (!(rule.reach > 0 && rule.reach <= 1)) throw std::invalid_argument("gap rule: reach must lie in (0, 1]");
}

std::string fraction_words(double close) {
  if (std::fabs(close - 0.5) < 1e-9) return "half";
  return fmt::format("{:.0f} %", close * 100);
}

// fraction_words in Chinese, as it follows "差距的": "一半", but " 60 %" (a number stands apart
// from the Chinese words around it).
std::string gap_share_zh(double close) {
  if (std::fabs(close - 0.5) < 1e-9) return "一半";
  return fmt::format(" {:.0f} %", close * 100);
}

}  // namespace

std::string target_in_chinese(const std::string& target) {
  if (target == "the copy roofline") return "复制屋顶线";
  if (target == "the read roofline") return "读屋顶线";
  if (target == "the fastest candidate") return "最快的候选";
  if (target == "the model's conflict-free time") return "模型给出的无冲突时间";
  return target;
}

double gap_gate(const GapRule& rule) {
  check_rule(rule);
  return (1.0 / rule.reach - rule.close) / (1.0 - rule.close);
}

double gap_required_speedup(const GapRule& rule, double headroom) {
  check_rule(rule);
  return headroom / (1.0 + (1.0 - rule.close) * (headroom - 1.0));
}

std::string describe_gap_rule(const GapRule& rule) {
  return fmt::format(
      "{} of the gap from the starter to {} (by time when the starter is at least {:.2f}x slower; else "
      "the counters)",
      fraction_words(rule.close), rule.target, gap_gate(rule));
}

std::string describe_gap_rule_zh(const GapRule& rule) {
  const std::string share = gap_share_zh(rule.close);
  // A target without a Chinese name stays English, set apart the same way.
  const std::string target_zh = target_in_chinese(rule.target);
  const std::string target = target_zh == rule.target ? " " + rule.target + " " : target_zh;
  return fmt::format("起始代码与{}之间差距的{}（起始代码至少慢 {:.2f}x 时按时间评分；否则按计数器评分）", target, share,
                     gap_gate(rule));
}

GapDecision decide_gap(const GapRule& rule, const GapMeasurement& m) {
  check_rule(rule);
  if (!(m.starter_ms > 0) || !(m.target_ms > 0) || !std::isfinite(m.starter_ms) || !std::isfinite(m.target_ms))
    throw std::invalid_argument("gap rule: the starter's and the target's times must be positive");
  GapDecision d;
  d.headroom = m.starter_ms / m.target_ms;
  d.gate = gap_gate(rule);
  d.required_speedup = gap_required_speedup(rule, d.headroom);
  d.graded_by_time = d.headroom >= d.gate;
  const std::string target_zh = target_in_chinese(rule.target);
  const std::string sides =
      fmt::format("the starter {:.3f} ms, {} {:.3f} ms on this GPU", m.starter_ms, rule.target, m.target_ms);
  const std::string sides_zh =
      fmt::format("本 GPU 上起始代码 {:.3f} ms，{} {:.3f} ms", m.starter_ms, target_zh, m.target_ms);
  d.required_text =
      bilingual(fmt::format(">= {:.2f}x ({} of the gap: {})", d.required_speedup, fraction_words(rule.close), sides),
                fmt::format(">= {:.2f}x（差距的{}：{}）", d.required_speedup, gap_share_zh(rule.close), sides_zh));
  if (!d.graded_by_time) {
    d.reason = bilingual(
        fmt::format("on this GPU the starter is only {:.2f}x slower than {} ({}); below {:.2f}x the lesson's effect "
                    "is too small to grade by time, so it is graded by the counters{}",
                    d.headroom, rule.target, sides, d.gate,
                    rule.counters.empty() ? std::string()
                                          : fmt::format(" ({}, which takes this check's points)", rule.counters)),
        fmt::format("在本 GPU 上，起始代码只比{}慢 {:.2f}x（{}）；低于 {:.2f}x 时，这一课的效果太小，无法按时间评分，"
                    "所以改由计数器评分{}",
                    target_zh, d.headroom, sides_zh, d.gate,
                    rule.counters.empty() ? std::string() : fmt::format("（{}，这一项的分数归它）", rule.counters)));
  }
  return d;
}

}  // namespace memlab
