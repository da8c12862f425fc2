#include "memlab/timer.h"

#include <cstdlib>
#include <string>

#include "memlab/cuda_check.h"
#include "memlab/environment.h"

namespace memlab {

KernelTimer::KernelTimer() {
  MEMLAB_CUDA(cudaEventCreate(&start_));
  MEMLAB_CUDA(cudaEventCreate(&stop_));
  int device = 0, l2 = 0;
  MEMLAB_CUDA(cudaGetDevice(&device));
  MEMLAB_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  // Writing twice the L2 size evicts whatever the previous sample left there.
  flush_bytes_ = 2 * static_cast<std::size_t>(l2 > 0 ? l2 : (8 << 20));
  MEMLAB_CUDA(cudaMalloc(&flush_buffer_, flush_bytes_));
}

KernelTimer::~KernelTimer() {
  cudaFree(flush_buffer_);
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
}

void KernelTimer::flush_l2() {
  static int pattern = 0;
  MEMLAB_CUDA(cudaMemsetAsync(flush_buffer_, (pattern++) & 0xFF, flush_bytes_, 0));
}

Sample KernelTimer::time_once(const Launch& launch) {
  flush_l2();
  // Lines a previous kernel marked persisting would survive the flush.
  cudaCtxResetPersistingL2Cache();
  MEMLAB_CUDA(cudaDeviceSynchronize());
  const bool throttled_before = sm_clock_throttled_now();
  // The legacy default stream waits for all blocking streams, so work the launch puts on
  // other streams is inside the interval.
  MEMLAB_CUDA(cudaEventRecord(start_, 0));
  launch(0);
  MEMLAB_CUDA(cudaGetLastError());
  MEMLAB_CUDA(cudaEventRecord(stop_, 0));
  MEMLAB_CUDA(cudaEventSynchronize(stop_));
  MEMLAB_CUDA(cudaDeviceSynchronize());
  float ms = 0;
  MEMLAB_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
  return {static_cast<double>(ms), throttled_before || sm_clock_throttled_now()};
}

namespace {
void warm_up(KernelTimer& t, const Launch& launch) {
  double spent = 0;
  for (int i = 0; i < 3 || (spent < 50 && i < 100); ++i) spent += t.time_once(launch).ms;
}
}  // namespace

Measurement KernelTimer::measure(const Launch& launch, const SamplingCriteria& criteria) {
  warm_up(*this, launch);
  return sample_until_stable([&] { return time_once(launch); }, criteria);
}

PairMeasurement KernelTimer::measure_pair(const Launch& base, const Launch& candidate,
                                          const SamplingCriteria& criteria) {
  warm_up(*this, base);
  warm_up(*this, candidate);
  return sample_pairs_until_stable([&] { return time_once(base); }, [&] { return time_once(candidate); }, criteria);
}

namespace {
void read_env(const char* name, double& value) {
  if (const char* v = std::getenv(name)) {
    char* end = nullptr;
    double d = std::strtod(v, &end);
    if (end != v && *end == '\0' && d > 0) value = d;
  }
}
}  // namespace

SamplingCriteria criteria_from_environment() {
  SamplingCriteria c;
  double min_samples = static_cast<double>(c.min_samples);
  read_env("MEMLAB_MAX_RSE", c.max_rse);
  read_env("MEMLAB_MIN_SECONDS", c.min_seconds);
  read_env("MEMLAB_MAX_SECONDS", c.max_seconds);
  read_env("MEMLAB_MIN_SAMPLES", min_samples);
  c.min_samples = static_cast<std::size_t>(min_samples);
  return c;
}

}  // namespace memlab
