#include "memlab/sampling.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "memlab/bilingual.h"

namespace memlab {

namespace {

std::string join_doubts(bool converged, const SamplingCriteria& c, double rse, std::size_t throttled,
                        const std::vector<const ShapeReport*>& shapes) {
  std::string out;
  if (!converged) {
    const double known = static_cast<int>(rse * 1000 + 0.5) / 10.0;
    out = bilingual(
        fmt::format("machine too noisy: the mean was known only to {:g} % after {:g} s of samples (needed {:g} %)",
                    known, c.max_seconds, c.max_rse * 100),
        fmt::format("机器噪声太大：采样 {1:g} s 之后，均值的相对标准误差仍为 {0:g} %（要求 {2:g} %）", known,
                    c.max_seconds, c.max_rse * 100));
  }
  for (const ShapeReport* s : shapes) {
    if (s->note.empty()) continue;
    out = out.empty() ? s->note : join_bilingual({out, bilingual("; ", "；"), s->note});
  }
  if (throttled > 0 && !out.empty())
    out = join_bilingual({out, bilingual(fmt::format(" ({} throttled samples discarded)", throttled),
                                         fmt::format("（丢弃了 {} 个降频的样本）", throttled))});
  return out;
}

// splitmix64's finalizer: the verify plan's coin, a pure function of (seed, index).
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::string milliseconds(double ms) { return fmt::format("{:.3g} ms", ms); }

std::string work_name(const std::string& name) {
  return name.empty() ? bilingual("the timed work", "被计时的工作") : name;
}

constexpr const char* kLeftStream =
    "the work left the stream it was given (it was still running on another stream after the interval ended)";
constexpr const char* kLeftStreamZh = "这项工作离开了交给它的流（计时区间结束之后，它仍在另一个流上运行）";
constexpr const char* kStreamHint =
    "enqueue every kernel and copy on the stream argument (kernel<<<grid, block, shared_bytes, stream>>>), not on "
    "the default stream or a stream of your own";
constexpr const char* kStreamHintZh =
    "把每个核函数和每次复制都放进参数给出的流（kernel<<<grid, block, shared_bytes, stream>>>），"
    "不要放进默认流或你自己创建的流";

}  // namespace

bool work_outside_interval(const Sample& s) {
  const double idle_limit = std::max(kIdleWaitMs, kIdleBaselineFactor * s.idle_baseline_ms);
  return s.legacy_stream_busy || s.per_thread_stream_busy || s.legacy_gap_ms > kLegacyGapMs ||
         s.idle_wait_ms > idle_limit;
}

std::string work_left_stream_reason(std::size_t with_evidence, std::size_t samples) {
  if (with_evidence < kLeakMinSamples || static_cast<double>(with_evidence) < kLeakMinShare * samples) return "";
  return bilingual(
      fmt::format("{}, on {} of {} samples: {}", kLeftStream, with_evidence, samples, kStreamHint),
      fmt::format("{}，{} 个样本中有 {} 个如此：{}", kLeftStreamZh, samples, with_evidence, kStreamHintZh));
}

bool VerifyPlan::pick(std::size_t index) const {
  if (index <= 1) return true;
  const double coin = static_cast<double>(mix64(seed ^ mix64(index)) >> 11) * 0x1p-53;  // uniform in [0, 1)
  return coin < share;
}

std::string wrong_sample_reason(const std::string& name, std::size_t index, std::size_t taken, std::size_t verified,
                                const std::string& mismatch) {
  const std::string work = work_name(name);
  return bilingual(
      fmt::format(
          "the timed work was wrong on sample {} of {} ({} verified, on fresh inputs): stale, cached or skipped work "
          "is not graded; {}: {}",
          index, taken, verified, english_part(work), english_part(mismatch)),
      fmt::format("被计时的工作在第 {} 个样本上结果错误（共 {} 个样本，验证了 {} 个，每次都用新的输入）："
                  "过时的、缓存的或跳过的工作不予评分；{}：{}",
                  index, taken, verified, chinese_part(work), chinese_part(mismatch)));
}

std::string impossible_sample_reason(const std::string& name, std::size_t index, double ms, double floor_ms,
                                     const std::string& floor_text) {
  const std::string work = work_name(name);
  return bilingual(
      fmt::format("impossible time on sample {}: {} took {}, less than half of the {} of {}; the work cannot all have "
                  "run inside the interval, so it is not graded",
                  index, english_part(work), milliseconds(ms), milliseconds(floor_ms), english_part(floor_text)),
      fmt::format("第 {} 个样本的时间不可能：{} 用了 {}，不到{}所需的 {} 的一半；这些工作不可能全都在计时区间内完成，"
                  "所以不予评分",
                  index, chinese_part(work), milliseconds(ms), chinese_part(floor_text), milliseconds(floor_ms)));
}

std::string SampleJudge::verify(std::size_t index, std::size_t taken) {
  ++verified_;
  last_verified_ = index;
  const std::string mismatch = checks_.verify(index);
  return mismatch.empty() ? "" : wrong_sample_reason(checks_.name, index, taken, verified_, mismatch);
}

std::string SampleJudge::after(const Sample& s, std::size_t index) {
  const bool outside = work_outside_interval(s);
  if (outside) ++outside_;
  if (checks_.floor_ms > 0 && s.ms < kSampleFloorShare * checks_.floor_ms) {
    // Both at once is the usual story of a launch on the default stream: say that.
    const std::string why = impossible_sample_reason(checks_.name, index, s.ms, checks_.floor_ms, checks_.floor_text);
    return outside ? bilingual(fmt::format("{}; {}: {}", english_part(why), kLeftStream, kStreamHint),
                               fmt::format("{}；{}：{}", chinese_part(why), kLeftStreamZh, kStreamHintZh))
                   : why;
  }
  if (checks_.verify && checks_.plan.pick(index)) return verify(index, index);
  return "";
}

std::string SampleJudge::finish(std::size_t taken) {
  if (checks_.verify && taken > 0 && last_verified_ != taken) {
    std::string wrong = verify(taken, taken);
    if (!wrong.empty()) return wrong;
  }
  const std::string leak = work_left_stream_reason(outside_, taken);
  return leak.empty() || checks_.name.empty() ? leak : join_bilingual({checks_.name, bilingual(": ", "："), leak});
}

std::string Measurement::doubt() const {
  return join_doubts(converged, criteria, stats.rse, throttled_discarded, {&shape});
}

std::string PairMeasurement::doubt() const {
  return join_doubts(converged, criteria, ratio.relative_half_width() / 2, throttled_discarded, {&ratio_shape});
}

const char* to_string(StopReason why) {
  switch (why) {
    case StopReason::not_yet: return "not yet";
    case StopReason::converged: return "converged";
    case StopReason::fail_decided: return "a fail beyond doubt";
    case StopReason::max_time: return "time cap reached";
    case StopReason::max_samples: return "sample cap reached";
  }
  return "?";
}

StoppingCriterion::StoppingCriterion(const SamplingCriteria& criteria, double max_noise, std::function<double()> noise,
                                     std::function<bool()> fail_decided)
    : c_(criteria), max_noise_(max_noise), noise_(std::move(noise)), fail_decided_(std::move(fail_decided)) {
  if (c_.max_samples == 0) why_ = StopReason::max_samples;
}

void StoppingCriterion::add(double ms, bool kept) {
  if (done()) return;
  ++attempts_;
  if (kept) ++kept_;
  spent_ms_ += ms;
  const bool enough = kept_ >= c_.min_samples && spent_ms_ >= c_.min_seconds * 1e3;
  if (enough && noise_() <= max_noise_) {
    why_ = StopReason::converged;
  } else if (fail_decided_ && kept_ >= c_.min_samples && fail_decided_()) {
    why_ = StopReason::fail_decided;
  } else if (spent_ms_ >= c_.max_seconds * 1e3) {
    why_ = StopReason::max_time;
  } else if (attempts_ >= c_.max_samples) {
    why_ = StopReason::max_samples;
  }
}

Measurement sample_until_stable(const std::function<Sample()>& take, const SamplingCriteria& c,
                                const SampleChecks& checks) {
  Measurement m;
  m.criteria = c;
  SampleJudge judge(checks);
  StoppingCriterion stop(c, c.max_rse, [&] { return summarize(m.samples_ms).rse; });
  std::size_t attempts = 0;
  while (!stop.done()) {
    Sample s = take();
    ++attempts;
    m.invalid = judge.after(s, attempts);
    if (!m.invalid.empty()) break;
    if (s.throttled) {
      ++m.throttled_discarded;
    } else {
      m.samples_ms.push_back(s.ms);
    }
    stop.add(s.ms, !s.throttled);
  }
  m.stopped = stop.why_stopped();
  m.converged = m.stopped == StopReason::converged;
  if (m.invalid.empty()) m.invalid = judge.finish(attempts);
  m.taken = attempts;
  m.verified = judge.verified();
  m.stats = summarize(m.samples_ms);
  if (m.samples_ms.size() < c.min_samples) m.converged = false;
  m.shape = inspect_shape(m.samples_ms);
  return m;
}

PairFailDecided fail_beyond_doubt(Compare compare, double required) {
  return [compare, required](const std::vector<double>& base_ms, const std::vector<double>& candidate_ms) {
    const std::size_t n = std::min(base_ms.size(), candidate_ms.size());
    if (n == 0 || n % std::max<std::size_t>(1, n / 16) != 0) return false;
    const RatioEstimate r = ratio_from_pairs(base_ms, candidate_ms);
    return ratio_fails_decisively(compare, required, Estimate{r.ratio, r.low, r.high}) &&
           inspect_ratio_shape(base_ms, candidate_ms).note.empty();
  };
}

PairMeasurement sample_pairs_until_stable(const std::function<Sample()>& take_base,
                                          const std::function<Sample()>& take_candidate, const SamplingCriteria& c,
                                          const SampleChecks& base_checks, const SampleChecks& candidate_checks,
                                          const PairFailDecided& fail_decided) {
  PairMeasurement m;
  m.criteria = c;
  SampleJudge base_judge(base_checks), candidate_judge(candidate_checks);
  // The CI's half-width plays the role of the RSE bound (about two standard errors).
  std::function<bool()> decided;
  if (fail_decided) decided = [&] { return fail_decided(m.base_ms, m.candidate_ms); };
  StoppingCriterion stop(
      c, 2 * c.max_rse, [&] { return ratio_from_pairs(m.base_ms, m.candidate_ms).relative_half_width(); }, decided);
  std::size_t attempts = 0;
  while (!stop.done()) {
    Sample b = take_base();
    // Judged before the candidate runs: the two may share inputs that its preparation redraws.
    m.invalid = base_judge.after(b, attempts + 1);
    if (!m.invalid.empty()) break;
    Sample k = take_candidate();
    ++attempts;
    m.invalid = candidate_judge.after(k, attempts);
    if (!m.invalid.empty()) break;
    const bool kept = !b.throttled && !k.throttled;
    if (kept) {
      m.base_ms.push_back(b.ms);
      m.candidate_ms.push_back(k.ms);
    } else {
      ++m.throttled_discarded;
    }
    stop.add(b.ms + k.ms, kept);
  }
  m.stopped = stop.why_stopped();
  m.converged = m.stopped == StopReason::converged || m.stopped == StopReason::fail_decided;
  // The candidate's last sample first: its output is the one still in place.
  if (m.invalid.empty()) m.invalid = candidate_judge.finish(attempts);
  if (m.invalid.empty()) m.invalid = base_judge.finish(attempts);
  m.pairs_taken = attempts;
  m.verified = base_judge.verified() + candidate_judge.verified();
  m.ratio = ratio_from_pairs(m.base_ms, m.candidate_ms);
  if (m.base_ms.size() < c.min_samples) m.converged = false;
  m.ratio_shape = inspect_ratio_shape(m.base_ms, m.candidate_ms);
  return m;
}

}  // namespace memlab
