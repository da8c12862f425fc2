#pragma once
// How a timed check stays fair on every GPU: it is judged against the gap that the lesson can
// close on this GPU, measured in the same run, not against a number tuned on one machine.
//
// The gap: the starter's time against a target time on this GPU (the copy or read roofline for
// the same bytes, the fastest candidate, or the time the bottleneck model predicts for the
// starter without its conflicts). headroom = starter time / target time.
//
//   - A speedup check with a gap rule and no fixed `required` asks the submission to close
//     `close` of the gap, in time: t <= target + (1 - close) x (starter - target), that is a
//     speedup over the starter of at least headroom / (1 + (1 - close) x (headroom - 1)).
//   - Any check with a gap rule grades by time only when headroom >= the gate,
//     (1 / reach - close) / (1 - close). `reach` is the fraction of the target speed that a
//     correct kernel of this shape reaches at least (the lab's own "fast enough" bar, or the
//     H200 measurement with a margin). Above the gate, every kernel that reaches `reach` also
//     closes `close` of the gap, so a correct solution never fails for the balance of its GPU,
//     and the starter (speedup 1.0, fraction 1 / headroom < reach) always fails.
//   - Below the gate the lesson gains too little on this GPU to tell a fix from noise by time:
//     the check is not failed; it is skipped with the reason, and its points move to the
//     counter check that grades the same lesson (`counters`).
#include <string>

namespace memlab {

struct GapRule {
  double close = 0.5;    // the fraction of the gap a submission must close
  double reach = 0;      // 0 < reach <= 1, see above
  std::string target;    // what the starter is compared with: "the copy roofline", ...
  std::string counters;  // the check that takes the points when time cannot grade
};

// What the check program measured for a gap rule: both sides on this GPU, in this run.
struct GapMeasurement {
  double starter_ms = 0;
  double target_ms = 0;
};

struct GapDecision {
  bool graded_by_time = false;
  double headroom = 0;          // starter / target
  double gate = 0;              // the smallest headroom graded by time
  double required_speedup = 0;  // what closing `close` of the gap asks, as a speedup
  std::string required_text;    // ">= 1.39x (half of the gap from the starter, 0.314 ms, to ...)"
  std::string reason;           // below the gate: why the counters grade it
};

// The smallest headroom that a rule grades by time.
// A target of lab.json ("the copy roofline") as the Chinese report names it ("复制屋顶线").
std::string target_in_chinese(const std::string& target);
double gap_gate(const GapRule& rule);
// The speedup over the starter that closing rule.close of a gap of `headroom` asks.
double gap_required_speedup(const GapRule& rule, double headroom);
// What a check with this rule requires, in words, for the handouts: "half of the gap from the
// starter to the copy roofline (by time when the starter is at least 1.67x slower; else the counters)".
std::string describe_gap_rule(const GapRule& rule);
// The same requirement in Chinese, for the Chinese pages (X.zh.md), with the same numbers:
// "起始代码与复制屋顶线之间差距的一半（起始代码至少慢 1.67x 时按时间评分；否则按计数器评分）".
std::string describe_gap_rule_zh(const GapRule& rule);
// Throws std::invalid_argument for a rule out of range or a measurement that is not positive.
GapDecision decide_gap(const GapRule& rule, const GapMeasurement& m);

}  // namespace memlab
