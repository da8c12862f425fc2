#pragma once
// Timing a stride sweep: one adaptive measurement per stride of one launch.
#include <functional>
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

// Times strides 1..max_stride in turn. Each stride gets a short budget of its own (the checker's
// sampling criteria, MEMLAB_* settings included, with a twentieth of the minimum and a sixth of
// the maximum time, and a 1 % target) so that a whole sweep takes seconds, not minutes.
std::vector<SweepPoint> time_sweep(const StrideLaunch& launch, int max_stride);

// The sweep's measurements that give a reason to distrust them (noise, drift), joined.
std::string sweep_doubt(const std::vector<SweepPoint>& points);
