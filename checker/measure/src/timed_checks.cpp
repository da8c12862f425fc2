// The timed checks: a launch's speed over a baseline's, and its fraction of a roofline, both
// on samples that are prepared, verified and held to the physical floor (memlab/timed_work.h).
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "memlab/bilingual.h"
#include "memlab/checker.h"
#include "memlab/gap_rule.h"
#include "memlab/stats.h"
#include "memlab/suite_judge.h"
#include "memlab/text_format.h"
#include "memlab/timed_checks.h"

namespace memlab {
namespace {

// Two doubts, each in English and Chinese (memlab/bilingual.h).
std::string join(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return join_bilingual({a, bilingual("; ", "；"), b});
}

const std::string kNotTimed = bilingual("not timed: ", "未计时：");

// The median of `work`'s samples against its floor: the explanation when it is impossible.
std::string impossible_median(const TimedWork& work, double median_ms) {
  if (!work.floor.set()) return "";
  return impossible_time_reason(median_ms, work.floor.bytes, *work.floor.roofline);
}

}  // namespace

bool verified_before_timing(const TimedWork& work, const std::vector<CheckId>& timed_checks) {
  const SampleTag tag = timer().next_tag(0);
  if (work.prepare) work.prepare(tag, timer().stream());
  try {
    run_checked(work.name, work.launch);  // waits for the device first, so the preparation is done
  } catch (const LaunchFailure& e) {      // a bad launch, or work off its stream: said plainly
    for (CheckId id : timed_checks) fail_check(id, join_bilingual({kNotTimed, e.what()}));
    return false;
  }
  const std::string wrong = work.verify ? work.verify(tag, timer().stream()) : "";
  if (wrong.empty()) return true;
  for (CheckId id : timed_checks)
    fail_check(id,
               bilingual("not timed: " + std::string(english_part(work.name)) +
                             " is wrong at the timed size on fresh inputs (" + std::string(english_part(wrong)) + ")",
                         "未计时：" + std::string(chinese_part(work.name)) +
                             " 在计时所用的规模上、用新的输入时结果错误（" + std::string(chinese_part(wrong)) + "）"));
  return false;
}

// The gap measurement of a check with a gap rule: the starter's median against `target_ms`, or
// against the candidate's floor (its bytes at its roofline) when no target is given.
static std::optional<GapMeasurement> gap_of(const CheckSpec& spec, double starter_ms, const GapSides& sides,
                                            const TimedWork& work) {
  if (!spec.gap_rule) return std::nullopt;
  if (sides.starter_ms) starter_ms = *sides.starter_ms;
  double target_ms = 0;
  if (sides.target_ms) {
    target_ms = sides.target_ms(starter_ms);
  } else {
    if (!work.floor.set())
      throw std::logic_error("check " + spec.id + " has a gap rule but its work has no floor to compare with");
    target_ms = work.floor.bytes / work.floor.roofline->bytes_per_second * 1e3;
  }
  return GapMeasurement{starter_ms, target_ms};
}

static std::string gap_text(const std::optional<GapMeasurement>& gap, const CheckSpec& spec) {
  if (!gap) return "";
  return "; the starter is " + fixed(gap->starter_ms / gap->target_ms, 2) + "x slower than " + spec.gap_rule->target +
         " (" + fixed(gap->target_ms, 3) + " ms) here";
}

// gap_text in Chinese.
static std::string gap_text_zh(const std::optional<GapMeasurement>& gap, const CheckSpec& spec) {
  if (!gap) return "";
  return "；这里起始代码比" + target_in_chinese(spec.gap_rule->target) + "（" + fixed(gap->target_ms, 3) + " ms）慢 " +
         fixed(gap->starter_ms / gap->target_ms, 2) + "x";
}

bool expect_speedup(CheckId id, const TimedWork& base, const TimedWork& candidate, const GapSides& sides,
                    double* base_ms_out) {
  const CheckSpec& spec = check_spec(id);
  // A kernel far below a fixed bar stops being timed as soon as its fail is beyond doubt
  // (memlab/sampling.h): the starters and most drafts a student grades are such kernels, and a
  // pass still takes the full measurement. Beyond doubt includes a clean shape: on the H100, lab
  // 03's starter stopped after 10 pairs whose ratios drifted, three times over, and ended
  // inconclusive. A bar set by a gap rule moves with the starter's time, so that check always
  // takes the full measurement.
  PairFailDecided fail_decided;
  if (!spec.gap_rule) fail_decided = fail_beyond_doubt(spec.compare, requirement_of(spec, std::nullopt).value);
  for (int attempt = 1;; ++attempt) {
    PairMeasurement m = timer().measure_pair(base, candidate, sampling_criteria(), fail_decided);
    if (!m.invalid.empty()) {
      fail_check(id, m.invalid);
      return false;
    }
    const double base_ms = summarize(m.base_ms).median, candidate_ms = summarize(m.candidate_ms).median;
    const std::string impossible = impossible_median(candidate, candidate_ms);
    if (!impossible.empty()) {
      fail_check(id, impossible);
      return false;
    }
    Estimate est{m.ratio.ratio, m.ratio.low, m.ratio.high};
    std::string doubt = join(m.doubt(), environment_doubt());
    const std::optional<GapMeasurement> gap = gap_of(spec, base_ms, sides, candidate);
    Judgement j = judge(spec.compare, requirement_of(spec, gap).value, est, doubt);
    if (j.verdict == Verdict::inconclusive && attempt < kTimedAttempts) continue;
    if (base_ms_out) *base_ms_out = base_ms;
    std::string text = fixed(est.value, 2) + "x (95 % CI " + fixed(est.low, 2) + "-" + fixed(est.high, 2) + "x, " +
                       std::to_string(m.ratio.pairs) + " pairs" +
                       (m.verified > 0 ? ", " + std::to_string(m.verified) + " outputs verified" : "") + "; " +
                       fixed(base_ms, 3) + " ms vs " + fixed(candidate_ms, 3) + " ms" + gap_text(gap, spec) + ")";
    std::string text_zh = fixed(est.value, 2) + "x（95 % CI " + fixed(est.low, 2) + "-" + fixed(est.high, 2) + "x，" +
                          std::to_string(m.ratio.pairs) + " 对" +
                          (m.verified > 0 ? "，验证了 " + std::to_string(m.verified) + " 个输出" : "") + "；" +
                          fixed(base_ms, 3) + " ms 对 " + fixed(candidate_ms, 3) + " ms" + gap_text_zh(gap, spec) +
                          "）";
    if (m.stopped == StopReason::fail_decided) {
      text += ", timing stopped once the fail was beyond doubt";
      text_zh += "，失败已无疑问，计时提前停止";
    }
    if (attempt > 1) {
      text += ", attempt " + std::to_string(attempt);
      text_zh += "，第 " + std::to_string(attempt) + " 次尝试";
    }
    return expect_value(id, est, bilingual(text, text_zh), doubt, gap);
  }
}

bool expect_speedup(CheckId id, const Launch& base, const Launch& candidate) {
  return expect_speedup(id, TimedWork{"", base, {}, {}, {}}, TimedWork{"", candidate, {}, {}, {}});
}

std::optional<double> median_time(const TimedWork& work, const std::vector<CheckId>& ids) {
  Measurement m = timer().measure(work, sampling_criteria());
  if (!m.invalid.empty()) {
    for (CheckId id : ids) fail_check(id, join_bilingual({kNotTimed, work.name, bilingual(": ", "："), m.invalid}));
    return std::nullopt;
  }
  return m.stats.median;
}

bool expect_roofline_fraction(CheckId id, const TimedWork& work, std::optional<double> starter_ms) {
  const CheckSpec& spec = check_spec(id);
  if (spec.gap_rule && !starter_ms)
    throw std::logic_error("expect_roofline_fraction('" + spec.id +
                           "'): a check with a gap rule needs the starter's time");
  if (!work.floor.set())
    throw std::logic_error("expect_roofline_fraction('" + spec.id + "'): the work has no bytes and roofline");
  const double bytes = work.floor.bytes;
  const Roofline& roofline = *work.floor.roofline;
  for (int attempt = 1;; ++attempt) {
    Measurement m = timer().measure(work, sampling_criteria());
    if (!m.invalid.empty()) {
      fail_check(id, m.invalid);
      return false;
    }
    const double ms = m.stats.median;
    std::string impossible = impossible_time_reason(ms, bytes, roofline);
    if (!impossible.empty()) {
      fail_check(id, impossible);
      return false;
    }
    const double rate = bytes / (ms * 1e-3);
    const double fraction = rate / roofline.bytes_per_second;
    // Relative 95 % half-widths of the kernel's mean time and of the roofline, combined.
    const auto& s = m.stats;
    const double rel_k = s.n > 1 ? t_quantile_95(s.n - 1) * s.stddev / std::sqrt(double(s.n)) / s.mean : 1.0;
    const double rel_r = (roofline.high - roofline.low) / (2 * roofline.bytes_per_second);
    const double rel = std::sqrt(rel_k * rel_k + rel_r * rel_r);
    Estimate est{fraction, fraction * (1 - rel), fraction * (1 + rel)};
    std::string doubt = join(join(m.doubt(), roofline.measurement.doubt()), environment_doubt());
    const std::optional<GapMeasurement> gap = starter_ms ? gap_of(spec, *starter_ms, GapSides{}, work) : std::nullopt;
    Judgement j = judge(spec.compare, requirement_of(spec, gap).value, est, doubt);
    if (j.verdict == Verdict::inconclusive && attempt < kTimedAttempts) continue;
    std::string text =
        fixed(fraction * 100, 1) + " % of the " + std::string(english_part(work.floor.roofline_name)) + " roofline (" +
        fixed(rate / 1e9, 0) + " of " + fixed(roofline.bytes_per_second / 1e9, 0) + " GB/s, " + fixed(ms, 3) +
        " ms, +/- " + fixed(rel * 100, 1) + " %" +
        (m.verified > 0 ? ", " + std::to_string(m.verified) + " of " + std::to_string(m.taken) + " outputs verified"
                        : "") +
        gap_text(gap, spec) + ")";
    std::string text_zh =
        std::string(chinese_part(work.floor.roofline_name)) + "屋顶线的 " + fixed(fraction * 100, 1) + " %（" +
        fixed(rate / 1e9, 0) + " / " + fixed(roofline.bytes_per_second / 1e9, 0) + " GB/s，" + fixed(ms, 3) +
        " ms，± " + fixed(rel * 100, 1) + " %" +
        (m.verified > 0 ? "，" + std::to_string(m.taken) + " 个输出中验证了 " + std::to_string(m.verified) + " 个"
                        : "") +
        gap_text_zh(gap, spec) + "）";
    if (attempt > 1) {
      text += ", attempt " + std::to_string(attempt);
      text_zh += "，第 " + std::to_string(attempt) + " 次尝试";
    }
    return expect_value(id, est, bilingual(text, text_zh), doubt, gap);
  }
}

}  // namespace memlab
