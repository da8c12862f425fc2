#pragma once
// Timing one launch the way the grade needs it: the L2 flushed (by writing a buffer twice
// its size), persisting-L2 lines reset, the whole device idle before the start event, CUDA
// events on the legacy default stream (which waits for work on other blocking streams), and
// the SM clock-event reasons read around the sample to flag thermal or power throttling.
#include <cuda_runtime.h>

#include <functional>

#include "memlab/sampling.h"

namespace memlab {

using Launch = std::function<void(cudaStream_t)>;

class KernelTimer {
 public:
  KernelTimer();
  ~KernelTimer();
  KernelTimer(const KernelTimer&) = delete;
  KernelTimer& operator=(const KernelTimer&) = delete;

  Sample time_once(const Launch& launch);
  Measurement measure(const Launch& launch, const SamplingCriteria& criteria);
  PairMeasurement measure_pair(const Launch& base, const Launch& candidate, const SamplingCriteria& criteria);

 private:
  void flush_l2();
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  void* flush_buffer_ = nullptr;
  std::size_t flush_bytes_ = 0;
};

// Criteria from the environment: MEMLAB_MAX_RSE, MEMLAB_MIN_SAMPLES, MEMLAB_MIN_SECONDS,
// MEMLAB_MAX_SECONDS override the defaults (an instructor's knob for slow or noisy machines).
SamplingCriteria criteria_from_environment();

}  // namespace memlab
