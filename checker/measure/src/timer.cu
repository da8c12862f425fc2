#include "memlab/timer.h"

#include "memlab/launch.h"

#include <chrono>
#include <cstdlib>
#include <random>
#include <string>

#include "memlab/cuda_check.h"
#include "memlab/environment.h"
#include "memlab/recorder_lifetime.h"

namespace memlab {
namespace {

double host_ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Host time of a cudaDeviceSynchronize: how long the device took to have nothing left to do.
double device_sync_ms() {
  const auto t0 = std::chrono::steady_clock::now();
  MEMLAB_CUDA(cudaDeviceSynchronize());
  return host_ms_since(t0);
}

// cudaErrorNotReady means busy; any other failure (a kernel that faulted) is thrown.
bool stream_busy(cudaStream_t stream) {
  const cudaError_t e = cudaStreamQuery(stream);
  if (e == cudaErrorNotReady) {
    cudaGetLastError();  // a query's "not ready" is not an error of the next call
    return true;
  }
  MEMLAB_CUDA(e);
  return false;
}

std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

KernelTimer::KernelTimer() {
  stream_ = work_stream();  // the same stream as every other launch of the student's code
  MEMLAB_CUDA(cudaEventCreate(&start_));
  MEMLAB_CUDA(cudaEventCreate(&stop_));
  MEMLAB_CUDA(cudaEventCreate(&legacy_caught_up_));
  MEMLAB_CUDA(cudaEventCreate(&idle_probe_));
  int device = 0, l2 = 0;
  MEMLAB_CUDA(cudaGetDevice(&device));
  MEMLAB_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  // Writing twice the L2 size evicts whatever the previous sample left there.
  flush_bytes_ = 2 * static_cast<std::size_t>(l2 > 0 ? l2 : (8 << 20));
  MEMLAB_CUDA(cudaMalloc(&flush_buffer_, flush_bytes_));
  std::random_device entropy;
  secret_ = (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
  secret_ ^= static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

KernelTimer::~KernelTimer() {
  cudaFree(flush_buffer_);
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
  cudaEventDestroy(legacy_caught_up_);
  cudaEventDestroy(idle_probe_);
}

std::uint64_t KernelTimer::next_secret() { return mix64(secret_ ^ mix64(++secrets_issued_)); }

SampleTag KernelTimer::next_tag(std::size_t number) { return {number, next_secret()}; }

void KernelTimer::flush_l2() {
  MEMLAB_CUDA(cudaMemsetAsync(flush_buffer_, (flush_pattern_++) & 0xFF, flush_bytes_, stream_));
}

Sample KernelTimer::time_once(const TimedWork& work, const SampleTag& tag) {
  if (work.prepare) work.prepare(tag, stream_);
  end_plan_recorder();  // nothing that ran the student's host code lives while this measures
  flush_l2();
  // Lines a previous kernel marked persisting would survive the flush (no-op where unsupported).
  cudaCtxResetPersistingL2Cache();
  MEMLAB_CUDA(cudaDeviceSynchronize());
  Sample sample;
  sample.idle_baseline_ms = device_sync_ms();  // the device is idle: this is the call's own cost
  const bool throttled_before = sm_clock_throttled_now();
  cudaGetLastError();  // the launch's errors only, below
  MEMLAB_CUDA(cudaEventRecord(start_, stream_));
  work.launch(stream_);
  MEMLAB_CUDA(cudaGetLastError());
  MEMLAB_CUDA(cudaEventRecord(stop_, stream_));
  MEMLAB_CUDA(cudaEventSynchronize(stop_));
  // The interval is over; whatever of the launch still runs left the stream it was given.
  // Nothing of the timer's is on the default streams, so their queries see only the launch's.
  sample.legacy_stream_busy = stream_busy(cudaStreamLegacy);
  sample.per_thread_stream_busy = stream_busy(cudaStreamPerThread);
  // Streams the launcher made itself: an event on the legacy stream waits for all blocking
  // streams (cudaStreamCreate's default); against one recorded just after it on the timer's idle
  // stream, its delay is the work still pending there, on the GPU's clock. (In this order a host
  // that stalls between the two calls can only make the delay look smaller, never larger.)
  MEMLAB_CUDA(cudaEventRecord(legacy_caught_up_, cudaStreamLegacy));
  MEMLAB_CUDA(cudaEventRecord(idle_probe_, stream_));
  // Non-blocking streams of its own show only as a device slow to go idle.
  sample.idle_wait_ms = device_sync_ms();
  float ms = 0, legacy_gap = 0;
  MEMLAB_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
  MEMLAB_CUDA(cudaEventElapsedTime(&legacy_gap, idle_probe_, legacy_caught_up_));
  sample.ms = static_cast<double>(ms);
  sample.legacy_gap_ms = static_cast<double>(legacy_gap);
  sample.throttled = throttled_before || sm_clock_throttled_now();
  return sample;
}

Sample KernelTimer::time_once(const Launch& launch) { return time_once(TimedWork{"", launch, {}, {}, {}}, {}); }

void KernelTimer::warm_up(const Launch& launch) {
  double spent = 0;
  for (int i = 0; i < 3 || (spent < 50 && i < 100); ++i) spent += time_once(launch).ms;
}

SampleChecks KernelTimer::checks_for(const TimedWork& work, const SampleTag& last_tag) {
  SampleChecks checks;
  checks.name = work.name;
  if (work.verify) {
    // The sampling loop verifies only the sample it has just taken (or the last one), whose tag
    // the caller keeps in `last_tag`.
    checks.verify = [this, &work, &last_tag](std::size_t) { return work.verify(last_tag, stream_); };
  }
  checks.plan.seed = next_secret();
  checks.floor_ms = work.floor.ms();
  checks.floor_text = work.floor.text();
  return checks;
}

Measurement KernelTimer::measure(const TimedWork& work, const SamplingCriteria& criteria) {
  warm_up(work.launch);
  SampleTag tag;
  std::size_t taken = 0;
  const SampleChecks checks = checks_for(work, tag);
  return sample_until_stable(
      [&] {
        tag = next_tag(++taken);
        return time_once(work, tag);
      },
      criteria, checks);
}

PairMeasurement KernelTimer::measure_pair(const TimedWork& base, const TimedWork& candidate,
                                          const SamplingCriteria& criteria, const PairFailDecided& fail_decided) {
  warm_up(base.launch);
  warm_up(candidate.launch);
  SampleTag base_tag, candidate_tag;
  std::size_t pairs = 0;
  const SampleChecks base_checks = checks_for(base, base_tag), candidate_checks = checks_for(candidate, candidate_tag);
  return sample_pairs_until_stable(
      [&] {
        base_tag = next_tag(++pairs);
        return time_once(base, base_tag);
      },
      [&] {
        candidate_tag = next_tag(pairs);
        return time_once(candidate, candidate_tag);
      },
      criteria, base_checks, candidate_checks, fail_decided);
}

Measurement KernelTimer::measure(const Launch& launch, const SamplingCriteria& criteria) {
  return measure(TimedWork{"", launch, {}, {}, {}}, criteria);
}

PairMeasurement KernelTimer::measure_pair(const Launch& base, const Launch& candidate,
                                          const SamplingCriteria& criteria) {
  return measure_pair(TimedWork{"", base, {}, {}, {}}, TimedWork{"", candidate, {}, {}, {}}, criteria);
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
