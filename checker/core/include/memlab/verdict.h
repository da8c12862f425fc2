#pragma once
// How a measured value becomes a verdict. An estimate is an interval; the verdict is pass
// only when the whole interval meets the requirement, fail only when none of it does, and
// inconclusive otherwise, or when the environment was flagged (another process on the GPU,
// throttling, a drifting or bimodal measurement) and the value lies within a factor of 2 of
// the requirement (no such disturbance moves a result further). Inconclusive is never turned
// into a pass or a fail: it is retried, then reported with its reason.
#include <optional>
#include <string>

namespace memlab {

enum class Verdict { pass, fail, inconclusive, skip };
const char* to_string(Verdict v);

enum class Compare { at_least, at_most, is_true };
Compare parse_compare(const std::string& text);  // ">=", "<=", "true"
const char* to_symbol(Compare c);

struct Estimate {
  double value = 0;
  double low = 0, high = 0;  // 95 % interval; equal to value for exact quantities
  static Estimate exact(double v) { return {v, v, v}; }
};

struct Judgement {
  Verdict verdict;
  std::string reason;  // why it is not a plain pass/fail, or empty
};

// `doubt` is a non-empty reason when the measurement or machine cannot be trusted.
Judgement judge(Compare compare, double required, const Estimate& est, const std::string& doubt = "");

// A ratio's fail that more samples cannot turn into a pass: the requirement lies outside an
// interval kDecisiveWidening times as wide as the 95 % one (widened on the log scale, where a
// ratio's interval is symmetric; about six standard errors), on the failing side. Timed
// sampling may stop there (memlab/sampling.h). A pass always takes the full measurement, so
// stopping early saves a failing kernel's time and never grants a pass.
constexpr double kDecisiveWidening = 3.0;
bool ratio_fails_decisively(Compare compare, double required, const Estimate& est);

}  // namespace memlab
