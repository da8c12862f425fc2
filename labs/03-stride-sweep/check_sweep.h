#pragma once
// Timing a stride sweep: one adaptive measurement per stride of one launch.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <memlab/checker.h>
#include <memlab/device_samples.h>
#include <memlab/roofline.h>
#include <memlab/timed_checks.h>

#include "lab.h"

struct SweepPoint {
  int stride = 0;
  int ways = 0;  // gcd(stride, 32)
  memlab::Measurement time;
  int attempts = 0;  // how many times this stride was timed (see time_sweep)
  double ms() const { return time.stats.median; }
  // 95 % half-width of the mean time, relative to it (the precision of this point).
  double relative_half_width() const;
};

using StrideLaunch = std::function<void(int stride_words, cudaStream_t stream)>;
// The timed work at one stride: its launch, and how each sample is prepared and verified.
using StrideWork = std::function<memlab::TimedWork(int stride_words)>;

// Times strides 1..max_stride in turn. Each stride gets a short budget of its own (the checker's
// sampling criteria, MEMLAB_* settings included, with a twentieth of the minimum and a sixth of
// the maximum time, and a 1 % target) so that a whole sweep takes seconds, not minutes. Every
// sample is prepared, judged and, for a secret subset, verified as the work says; the sweep
// stops at the first stride whose measurement is invalid (sweep_invalid says why). A stride
// whose measurement is doubted (noise, drift) is timed again, up to memlab::kTimedAttempts times;
// the last measurement is kept, and a doubt that remains makes the sweep's checks inconclusive.
std::vector<SweepPoint> time_sweep(const StrideWork& work_at, int max_stride);
// The same for a bare launch (nothing to prepare or verify: only the stream checks apply).
std::vector<SweepPoint> time_sweep(const StrideLaunch& launch, int max_stride);

// The sweep's measurements that give a reason to distrust them (noise, drift), joined; in
// English and Chinese (memlab/bilingual.h), or empty.
std::string sweep_doubt(const std::vector<SweepPoint>& points);
// Why the sweep must not be graded (a wrong, impossible or stray sample), in English and
// Chinese, or empty.
std::string sweep_invalid(const std::vector<SweepPoint>& points);

// The shared-memory bytes one sweep_shared launch loads: 4 per lane per load, whatever the stride.
constexpr double kPureBytes = 4.0 * kSweepThreads * kSweepLoadsPerThread;  // 4 GiB

// The timed work of sweep_shared, on buffers of its own. Before every sample its input gets fresh
// random words, drawn on the GPU from the sample's secret salt (fill_sweep_inputs), and its sums
// are poisoned. A secret subset of samples is compared, on the GPU, with the sums of the same
// salt's words: the checker draws them again into a copy of its own and runs the reference
// kernel on it (reference_shared_sums), so the sums a sample must give are known only after it,
// and a kernel that overwrites its input gains nothing. Every sample is held to the floor: 4
// bytes per lane and load at the banks' theoretical rate, whatever the stride (a conflict only
// adds time). Both sides of a pair are verified, so each needs an object of its own. The object
// must outlive the work it hands out.
class PureSweepSamples {
 public:
  // sweep_shared on `words` at `stride_words`, writing its sums to `sums`, on `stream`.
  using Kernel = std::function<void(const unsigned* words, int stride_words, unsigned* sums, cudaStream_t stream)>;

  // `theory`: the banks' theoretical rate in bytes per second (SMs x 128 B x maximum clock).
  PureSweepSamples(Kernel kernel, double theory);
  PureSweepSamples(const PureSweepSamples&) = delete;
  PureSweepSamples& operator=(const PureSweepSamples&) = delete;

  memlab::TimedWork work(int stride_words);

 private:
  std::string verify(const memlab::SampleTag& tag, int stride_words, cudaStream_t stream);

  Kernel kernel_;
  memlab::Roofline theory_;
  memlab::DeviceArray<unsigned> words_;            // the kernel's input
  memlab::DeviceArray<unsigned> reference_words_;  // the checker's copy, drawn again to verify
  memlab::DeviceArray<unsigned> sums_, want_;
  memlab::MismatchCounter counter_;
};

// The timed work of a kernel whose output is one 32-bit sum per thread and whose inputs are fixed
// (so its sums depend on the stride alone): sweep_mixed, the given kernel. Its one timed check
// is passed by the given kernel as it is, so a kernel that faked its time would gain nothing.
// On sums of its own: before every sample they are poisoned, so that a skipped or partial launch
// shows; a secret subset of samples is compared, on the GPU, with the stride's sums (computed and
// uploaded once by work()); and every sample is held to `floor`. Both sides of a pair are
// verified, so each needs an object of its own (one output each). One stride at a time: work()
// replaces the sums the previous work was verified against, and verifying that previous work is
// then a course bug (std::logic_error). The object must outlive the work it hands out.
class StrideSumsSamples {
 public:
  // The kernel at `stride_words`, writing its sums to `sums`, on `stream`.
  using Kernel = std::function<void(int stride_words, unsigned* sums, cudaStream_t stream)>;
  // The sums it must write at `stride_words` (one per thread).
  using ExpectedSums = std::function<std::vector<std::uint32_t>(int stride_words)>;

  StrideSumsSamples(std::string kernel_name, std::size_t threads, Kernel kernel, ExpectedSums expected,
                    memlab::PhysicalFloor floor);
  StrideSumsSamples(const StrideSumsSamples&) = delete;
  StrideSumsSamples& operator=(const StrideSumsSamples&) = delete;

  memlab::TimedWork work(int stride_words);

 private:
  std::string verify(int stride_words, cudaStream_t stream);

  std::string name_;
  Kernel kernel_;
  ExpectedSums expected_;
  memlab::PhysicalFloor floor_;
  memlab::DeviceArray<unsigned> sums_, want_device_;
  std::vector<std::uint32_t> want_;
  int want_stride_ = 0;  // the stride want_ and want_device_ hold the sums of; 0: none yet
  memlab::MismatchCounter counter_;
};
