#pragma once
// Adaptive sampling: keep taking samples until the relative standard error of the mean is
// small, within a minimum and maximum count and a time budget (nvbench's stopping rule, with
// an explicit outcome when the budget runs out). Samples flagged as throttled are discarded.
// The sample source is a function, so the loop is tested on synthetic sources.
//
// Timed work must be the work that was checked, so the loop also judges every sample: a time
// under half the physical floor, an output that is wrong on a verified sample (the first, the
// last and a secret random subset), or work that kept running on another stream after the
// interval, makes the measurement invalid: it is not graded, and `invalid` says why.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "memlab/stats.h"
#include "memlab/verdict.h"

namespace memlab {

struct SamplingCriteria {
  double max_rse = 0.005;  // stop once the mean is known to 0.5 %
  std::size_t min_samples = 10;
  double min_seconds = 0.2;  // of measured time, so tiny kernels still get many samples
  double max_seconds = 3.0;  // of measured time: give up and say so
  std::size_t max_samples = 20000;
};

// ---- When to stop --------------------------------------------------------------------------
// The stopping rule of both sampling loops (single samples and A/B pairs), after nvbench's
// stdrel_criterion. After each attempt (a sample, or a pair), in this order: converged when at
// least min_samples are kept, min_seconds of measured time are spent and the noise is within
// the bound; else, when a caller asked for it, a fail decided once min_samples are kept and its
// predicate says the verdict is a fail that more samples cannot change (memlab/verdict.h's
// ratio_fails_decisively); else out of time once max_seconds are spent; else out of attempts at
// max_samples. Throttled attempts count towards the time and the attempts, not towards the
// kept samples.
enum class StopReason { not_yet, converged, fail_decided, max_time, max_samples };
// "not yet", "converged", "a fail beyond doubt", "time cap reached", "sample cap reached"
const char* to_string(StopReason why);

class StoppingCriterion {
 public:
  // `noise`: the relative noise of the samples kept so far (the mean's RSE; a ratio's CI
  // half-width), called only once the minimums are met; done when it is <= `max_noise`.
  // `fail_decided` (may be empty): true when the samples kept so far already decide a fail.
  StoppingCriterion(const SamplingCriteria& criteria, double max_noise, std::function<double()> noise,
                    std::function<bool()> fail_decided = {});
  // One attempt that took `ms` of measured time; `kept`: its samples were kept (not throttled).
  void add(double ms, bool kept);
  bool done() const { return why_ != StopReason::not_yet; }
  StopReason why_stopped() const { return why_; }
  std::size_t attempts() const { return attempts_; }
  std::size_t kept() const { return kept_; }
  double spent_ms() const { return spent_ms_; }

 private:
  SamplingCriteria c_;
  double max_noise_;
  std::function<double()> noise_;
  std::function<bool()> fail_decided_;
  StopReason why_ = StopReason::not_yet;
  std::size_t attempts_ = 0, kept_ = 0;
  double spent_ms_ = 0;
};

struct Sample {
  double ms = 0;
  bool throttled = false;  // the SM clock was slowed by a thermal or power event during it
  // What the timer saw of work outside the interval (KernelTimer::time_once), once the stop
  // event had completed:
  bool legacy_stream_busy = false;      // the legacy default stream still had work (cudaStreamQuery)
  bool per_thread_stream_busy = false;  // the per-thread default stream still had work
  double legacy_gap_ms = 0;             // GPU time by which an event recorded then on the legacy stream (which waits
                                        // for every blocking stream) completed after one recorded just after it on the
                                        // timer's own, idle stream; negative when nothing was left
  double idle_wait_ms = 0;              // host time cudaDeviceSynchronize took then
  double idle_baseline_ms = 0;          // the same on a device known to be idle, just before the interval
};

// ---- Work outside the interval ---------------------------------------------------------------
// One sample's evidence that its work went on after the stop event on another stream: a
// default stream (legacy or per-thread) was busy; the legacy stream caught up more than
// kLegacyGapMs of GPU time late (timestamps, so no host jitter: this sees blocking streams of the
// launch's own creation too); or the device took more than
// max(kIdleWaitMs, kIdleBaselineFactor x the idle baseline) of host time to go idle. An idle
// device answers cudaDeviceSynchronize in 5-20 us; 50 us is several times that, and hiding
// less than 50 us per sample buys a kernel of this course (0.14 ms and up) little. A host that
// is descheduled for a moment can exceed it on a sample, so the evidence is judged over the
// measurement (work_left_stream_reason).
constexpr double kLegacyGapMs = 0.02;
constexpr double kIdleWaitMs = 0.05;
constexpr double kIdleBaselineFactor = 4;
bool work_outside_interval(const Sample& s);

// The work left its stream when at least kLeakMinSamples samples, and kLeakMinShare of all,
// show evidence: a launcher that hides work does so on every sample; a hiccup of the host does
// not repeat on one sample in twenty. Empty when they do not. (A single sample with evidence
// and a time under the physical floor is reported at once: SampleJudge::after.)
constexpr std::size_t kLeakMinSamples = 3;
constexpr double kLeakMinShare = 0.05;
std::string work_left_stream_reason(std::size_t samples_with_evidence, std::size_t samples);

// ---- Which outputs are verified ----------------------------------------------------------------
// Sample 1 always, then each with probability `share` from a secret seed, decided after the
// sample ran (so a launch cannot know whether it will be checked); the sampling loop adds the
// last sample. 1 in 4 keeps the cost small (a verification reads the output once, on the GPU)
// while a launcher that fakes a tenth of 400 samples escapes with probability 0.75^40 = 1e-5.
struct VerifyPlan {
  std::uint64_t seed = 0;
  double share = 0.25;
  bool pick(std::size_t index) const;  // index counts from 1
};

// What the sampling loop checks on each sample besides its time.
struct SampleChecks {
  std::string name;  // the work, for messages ("transpose 8192x8192")
  // Verifies the output of the sample just taken (`index` counts from 1): empty when it is
  // right, else the first mismatch. Empty function: the outputs are not verified.
  std::function<std::string(std::size_t index)> verify;
  VerifyPlan plan;
  double floor_ms = 0;     // the physical floor of one launch (bytes / roofline); 0: none
  std::string floor_text;  // how it was obtained: "moving 537 MB at the measured copy roofline (N GB/s)"
};
// A sample is impossible under this share of the floor. The median is held to 90 % of the floor
// (impossible_time_reason); no single honest sample of a kernel is twice as fast as the median
// of a roofline kernel that moves the same bytes.
constexpr double kSampleFloorShare = 0.5;

// The reasons, as the report prints them.
std::string wrong_sample_reason(const std::string& name, std::size_t index, std::size_t taken, std::size_t verified,
                                const std::string& mismatch);
std::string impossible_sample_reason(const std::string& name, std::size_t index, double ms, double floor_ms,
                                     const std::string& floor_text);

// Applies SampleChecks sample by sample (shared by the single and the paired loops).
class SampleJudge {
 public:
  explicit SampleJudge(const SampleChecks& checks) : checks_(checks) {}
  // After sample `index` was taken: why it invalidates the measurement, or empty.
  std::string after(const Sample& s, std::size_t index);
  // After the last sample (`taken` in all): verifies it unless done, then judges the stream
  // evidence. Why the measurement is invalid, or empty.
  std::string finish(std::size_t taken);
  std::size_t verified() const { return verified_; }
  std::size_t outside_interval() const { return outside_; }

 private:
  std::string verify(std::size_t index, std::size_t taken);
  const SampleChecks& checks_;
  std::size_t verified_ = 0, outside_ = 0, last_verified_ = 0;
};

struct Measurement {
  SampleStats stats;
  std::vector<double> samples_ms;  // kept samples, in order
  std::size_t throttled_discarded = 0;
  bool converged = false;
  StopReason stopped = StopReason::not_yet;  // why sampling ended (not_yet: a sample made it invalid)
  ShapeReport shape;
  SamplingCriteria criteria;
  std::size_t taken = 0, verified = 0;  // samples timed, and how many of their outputs were verified
  std::string invalid;                  // why it must not be graded, or empty
  std::string doubt() const;            // a reason to distrust the result, or empty
};

Measurement sample_until_stable(const std::function<Sample()>& take, const SamplingCriteria& criteria,
                                const SampleChecks& checks = {});

// Interleaved A/B pairs (base, candidate, base, candidate, ...) so that slow drifts of the
// machine hit both sides alike; stops when the ratio's 95 % CI is within max_rse*2 of it.
// When both sides verify their outputs, they must not share an output buffer: the base's last
// sample is verified after the candidate's.
struct PairMeasurement {
  RatioEstimate ratio;
  std::vector<double> base_ms, candidate_ms;
  std::size_t throttled_discarded = 0;
  bool converged = false;  // stopped on the noise bound, or on a decided fail: not too noisy
  StopReason stopped = StopReason::not_yet;
  ShapeReport ratio_shape;  // of the per-pair ratios (inspect_ratio_shape): what doubt() reads
  SamplingCriteria criteria;
  std::size_t pairs_taken = 0, verified = 0;  // verified outputs of both sides
  std::string invalid;
  std::string doubt() const;
};

// Whether the pairs kept so far (base and candidate times, in order) already decide a fail.
using PairFailDecided =
    std::function<bool(const std::vector<double>& base_ms, const std::vector<double>& candidate_ms)>;

// The early fail of a pair measurement against a fixed bar: the ratio fails decisively
// (memlab/verdict.h) and the pairs so far have a clean shape (their ratios neither drift nor fall
// into two groups: a doubted measurement near its bar is inconclusive, however decisive). Looked
// at on about 16 pair counts per doubling of the count (every count up to 31, then every 2nd, ...),
// so that a long measurement does not sort its ratios again after every pair.
PairFailDecided fail_beyond_doubt(Compare compare, double required);

PairMeasurement sample_pairs_until_stable(const std::function<Sample()>& take_base,
                                          const std::function<Sample()>& take_candidate,
                                          const SamplingCriteria& criteria, const SampleChecks& base_checks = {},
                                          const SampleChecks& candidate_checks = {},
                                          const PairFailDecided& fail_decided = {});

}  // namespace memlab
