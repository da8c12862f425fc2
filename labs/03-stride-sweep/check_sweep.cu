#include "check_sweep.h"

#include <algorithm>
#include <cmath>

#include "check_reference.h"

double SweepPoint::relative_half_width() const {
  const auto& s = time.stats;
  if (s.n < 2 || s.mean <= 0) return 1.0;
  return memlab::t_quantile_95(s.n - 1) * s.stddev / std::sqrt(static_cast<double>(s.n)) / s.mean;
}

namespace {
memlab::SamplingCriteria per_stride_criteria() {
  memlab::SamplingCriteria c = memlab::sampling_criteria();
  c.max_rse = std::max(c.max_rse, 0.01);  // 1 % is plenty against a +-15 % band
  c.min_samples = std::min<std::size_t>(c.min_samples, 5);
  c.min_seconds /= 20;
  c.max_seconds /= 6;
  return c;
}
}  // namespace

std::vector<SweepPoint> time_sweep(const StrideLaunch& launch, int max_stride) {
  const memlab::SamplingCriteria criteria = per_stride_criteria();
  std::vector<SweepPoint> points;
  for (int stride = 1; stride <= max_stride; ++stride) {
    const memlab::Launch one = [&](cudaStream_t s) { launch(stride, s); };
    memlab::timer().time_once(one);  // warm-up: the kernel is loaded, only the stride is new
    SweepPoint p;
    p.stride = stride;
    p.ways = gcd_rule_ways(stride);
    p.time = memlab::sample_until_stable([&] { return memlab::timer().time_once(one); }, criteria);
    points.push_back(std::move(p));
  }
  return points;
}

std::string sweep_doubt(const std::vector<SweepPoint>& points) {
  std::string doubt;
  for (const auto& p : points) {
    const std::string d = p.time.doubt();
    if (d.empty()) continue;
    if (!doubt.empty()) doubt += "; ";
    doubt += "stride " + std::to_string(p.stride) + ": " + d;
  }
  return doubt;
}
