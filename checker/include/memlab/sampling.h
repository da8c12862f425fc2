#pragma once
// Adaptive sampling: keep taking samples until the relative standard error of the mean is
// small, within a minimum and maximum count and a time budget (nvbench's stopping rule, with
// an explicit outcome when the budget runs out). Samples flagged as throttled are discarded.
// The sample source is a function, so the loop is tested on synthetic sources.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "memlab/stats.h"

namespace memlab {

struct SamplingCriteria {
  double max_rse = 0.005;       // stop once the mean is known to 0.5 %
  std::size_t min_samples = 10;
  double min_seconds = 0.2;     // of measured time, so tiny kernels still get many samples
  double max_seconds = 3.0;     // of measured time: give up and say so
  std::size_t max_samples = 20000;
};

struct Sample {
  double ms = 0;
  bool throttled = false;  // the SM clock was slowed by a thermal or power event during it
};

struct Measurement {
  SampleStats stats;
  std::vector<double> samples_ms;  // kept samples, in order
  std::size_t throttled_discarded = 0;
  bool converged = false;
  ShapeReport shape;
  SamplingCriteria criteria;
  std::string doubt() const;  // a reason to distrust the result, or empty
};

Measurement sample_until_stable(const std::function<Sample()>& take, const SamplingCriteria& criteria);

// Interleaved A/B pairs (base, candidate, base, candidate, ...) so that slow drifts of the
// machine hit both sides alike; stops when the ratio's 95 % CI is within max_rse*2 of it.
struct PairMeasurement {
  RatioEstimate ratio;
  std::vector<double> base_ms, candidate_ms;
  std::size_t throttled_discarded = 0;
  bool converged = false;
  ShapeReport base_shape, candidate_shape;
  SamplingCriteria criteria;
  std::string doubt() const;
};

PairMeasurement sample_pairs_until_stable(const std::function<Sample()>& take_base,
                                          const std::function<Sample()>& take_candidate,
                                          const SamplingCriteria& criteria);

}  // namespace memlab
