#pragma once
// Statistics of timing samples, pure functions so that they are tested on synthetic
// samples (steady, noisy, bimodal, drifting, throttled) without a GPU.
#include <cstddef>
#include <string>
#include <vector>

namespace memlab {

struct SampleStats {
  std::size_t n = 0;
  double mean = 0, median = 0, stddev = 0, min = 0, max = 0;
  double rse = 0;  // relative standard error of the mean: stddev / sqrt(n) / mean
  // Distribution-free 95 % interval of the median (order statistics at ranks
  // (n -+ 1.96 sqrt(n)) / 2): it always contains the median, however skewed the samples,
  // which an interval built from the mean does not.
  double median_low = 0, median_high = 0;
};
SampleStats summarize(std::vector<double> samples);

// Two-sided 95 % Student t quantile for `dof` degrees of freedom.
double t_quantile_95(std::size_t dof);

// Shape problems that make a mean meaningless even when its standard error is small.
struct ShapeReport {
  bool bimodal = false;   // two well-separated clusters, each holding a real share of samples
  bool drifting = false;  // the first and last thirds differ by more than the tolerance
  std::string note;
};
ShapeReport inspect_shape(const std::vector<double>& samples_in_order, double drift_tolerance = 0.03,
                          double gap_tolerance = 0.08);
// The same, for interleaved pairs: the shape of the per-pair ratios base[i] / candidate[i], not of
// each side. A drift or a jump of the machine that both sides of a pair share cancels out of the
// ratio (that is why the pairs are interleaved), so it is no reason to doubt it; a ratio that
// itself drifts or falls into two groups is.
ShapeReport inspect_ratio_shape(const std::vector<double>& base_in_order, const std::vector<double>& candidate_in_order,
                                double drift_tolerance = 0.03, double gap_tolerance = 0.08);

// A ratio estimated from interleaved pairs: mean of log(base/candidate) with a 95 % CI.
struct RatioEstimate {
  std::size_t pairs = 0;
  double ratio = 0, low = 0, high = 0;
  double relative_half_width() const { return ratio > 0 ? (high - low) / (2 * ratio) : 0; }
};
RatioEstimate ratio_from_pairs(const std::vector<double>& base, const std::vector<double>& candidate);

}  // namespace memlab
