#include "memlab/verdict.h"
#include "memlab/bilingual.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace memlab {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::pass: return "pass";
    case Verdict::fail: return "fail";
    case Verdict::inconclusive: return "inconclusive";
    case Verdict::skip: return "skip";
  }
  return "?";
}

Compare parse_compare(const std::string& text) {
  if (text == ">=") return Compare::at_least;
  if (text == "<=") return Compare::at_most;
  if (text == "true") return Compare::is_true;
  throw std::runtime_error(fmt::format(R"(unknown comparison '{}' (use ">=", "<=" or "true"))", text));
}

const char* to_symbol(Compare c) {
  switch (c) {
    case Compare::at_least: return ">=";
    case Compare::at_most: return "<=";
    case Compare::is_true: return "is";
  }
  return "?";
}

namespace {
constexpr double kDisturbance = 2.0;
bool within_disturbance(double value, double required) {
  if (value <= 0 || required <= 0) return true;
  const double ratio = value > required ? value / required : required / value;
  return ratio < kDisturbance;
}
}  // namespace

Judgement judge(Compare compare, double required, const Estimate& est, const std::string& doubt) {
  if (compare == Compare::is_true) {
    return {est.value != 0 ? Verdict::pass : Verdict::fail, ""};
  }
  // Orient so that "good" is always "large enough".
  const bool at_least = compare == Compare::at_least;
  const double worst = at_least ? est.low : -est.high;
  const double best = at_least ? est.high : -est.low;
  const double need = at_least ? required : -required;
  Verdict v;
  std::string reason;
  if (worst >= need) {
    v = Verdict::pass;
  } else if (best < need) {
    v = Verdict::fail;
  } else {
    v = Verdict::inconclusive;
    reason =
        bilingual("the requirement lies inside the measurement's 95 % interval", "要求的值落在测量值的 95 % 区间之内");
  }
  if (!doubt.empty() && v != Verdict::inconclusive && within_disturbance(est.value, required)) {
    // A timing taken on a busy, throttling or noisy GPU can be wrong in either direction, but
    // not by more than a factor of kDisturbance: a result further from the requirement than
    // that keeps its verdict.
    reason = doubt;
    v = Verdict::inconclusive;
  }
  return {v, reason};
}

bool ratio_fails_decisively(Compare compare, double required, const Estimate& est) {
  if (compare == Compare::is_true || est.value <= 0 || est.low <= 0 || !std::isfinite(est.high) || required <= 0)
    return false;
  const double log_value = std::log(est.value);
  if (compare == Compare::at_least) {
    const double widest_high = std::exp(log_value + kDecisiveWidening * (std::log(est.high) - log_value));
    return widest_high < required;
  }
  const double widest_low = std::exp(log_value - kDecisiveWidening * (log_value - std::log(est.low)));
  return widest_low > required;
}

}  // namespace memlab
