#pragma once
// Timing a stride sweep: one adaptive measurement per stride of one launch.
#include <functional>
#include <string>
#include <vector>

#include <memlab/checker.h>

struct SweepPoint {
  int stride = 0;
  int ways = 0;  // gcd(stride, 32)
  memlab::Measurement time;
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
// stops at the first stride whose measurement is invalid (sweep_invalid says why).
std::vector<SweepPoint> time_sweep(const StrideWork& work_at, int max_stride);
// The same for a bare launch (nothing to prepare or verify: only the stream checks apply).
std::vector<SweepPoint> time_sweep(const StrideLaunch& launch, int max_stride);

// The sweep's measurements that give a reason to distrust them (noise, drift), joined.
std::string sweep_doubt(const std::vector<SweepPoint>& points);
// Why the sweep must not be graded (a wrong, impossible or stray sample), or empty.
std::string sweep_invalid(const std::vector<SweepPoint>& points);
