#pragma once
// Timing one launch the way the grade needs it. Before the interval: the work's inputs redrawn
// and outputs poisoned (TimedWork::prepare), the L2 flushed (by writing a buffer twice its
// size), persisting-L2 lines reset, the whole device idle. The interval: CUDA events on a
// stream the timer created (non-blocking, so it waits for nothing else), which the launch is
// given. After it: the SM clock-event reasons read around the sample flag throttling, and the
// timer looks for work that went on elsewhere (Sample: the legacy or per-thread default stream
// busy, the legacy stream catching up late on the GPU clock, the device slow to go idle).
#include <cuda_runtime.h>

#include <cstdint>

#include "memlab/sampling.h"
#include "memlab/timed_work.h"

namespace memlab {

class KernelTimer {
 public:
  KernelTimer();
  ~KernelTimer();
  KernelTimer(const KernelTimer&) = delete;
  KernelTimer& operator=(const KernelTimer&) = delete;

  // One sample of `work`, prepared for `tag` (its output is not verified here: the sampling
  // loop decides that afterwards).
  Sample time_once(const TimedWork& work, const SampleTag& tag);
  Sample time_once(const Launch& launch);  // unprepared: warm-ups, launches with nothing to check

  // Warmed up, then sampled until stable; every sample prepared, judged and, for a secret
  // subset, verified (Measurement::invalid says why a measurement must not be graded).
  Measurement measure(const TimedWork& work, const SamplingCriteria& criteria);
  // `fail_decided` (may be empty): stop as soon as the pairs decide a fail (memlab/sampling.h).
  PairMeasurement measure_pair(const TimedWork& base, const TimedWork& candidate, const SamplingCriteria& criteria,
                               const PairFailDecided& fail_decided = {});
  // The same for bare launches (rooflines, benchmarks): nothing to prepare, verify or floor.
  Measurement measure(const Launch& launch, const SamplingCriteria& criteria);
  PairMeasurement measure_pair(const Launch& base, const Launch& candidate, const SamplingCriteria& criteria);

  // A fresh secret salt for sample `number`, and the checks the sampling loop applies to `work`.
  SampleTag next_tag(std::size_t number);
  SampleChecks checks_for(const TimedWork& work, const SampleTag& last_tag);
  // The stream launches are given; prepare and verify run on it too.
  cudaStream_t stream() const { return stream_; }

 private:
  void flush_l2();
  void warm_up(const Launch& launch);
  std::uint64_t next_secret();
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr, idle_probe_ = nullptr, legacy_caught_up_ = nullptr;
  void* flush_buffer_ = nullptr;
  std::size_t flush_bytes_ = 0;
  int flush_pattern_ = 0;
  std::uint64_t secret_ = 0, secrets_issued_ = 0;  // from std::random_device: never printed
};

// Criteria from the environment: MEMLAB_MAX_RSE, MEMLAB_MIN_SAMPLES, MEMLAB_MIN_SECONDS,
// MEMLAB_MAX_SECONDS override the defaults (an instructor's knob for slow or noisy machines).
SamplingCriteria criteria_from_environment();

}  // namespace memlab
