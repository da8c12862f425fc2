// The sampling loop and the verdicts it leads to, on synthetic sample sources that stand
// for the machines a grader meets: steady, noisy, bimodal, drifting and throttled.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "memlab/sampling.h"
#include "memlab/verdict.h"

using namespace memlab;

namespace {

struct Source {
  std::mt19937 rng{42};
  int i = 0;
};

Estimate mean_interval(const Measurement& m) {
  const auto& s = m.stats;
  double half = t_quantile_95(s.n - 1) * s.stddev / std::sqrt(double(s.n));
  return {s.mean, s.mean - half, s.mean + half};
}

}  // namespace

TEST_CASE("steady: converges after the minimums, and is judged plainly") {
  Source src;
  std::normal_distribution<double> d(1.0, 0.005);
  SamplingCriteria c;
  Measurement m = sample_until_stable([&] { return Sample{d(src.rng), false}; }, c);
  CHECK(m.converged);
  CHECK(m.stats.n >= c.min_samples);
  CHECK(m.stats.mean * m.stats.n >= c.min_seconds * 1e3 * 0.99);  // the time minimum held
  CHECK(m.stats.rse <= c.max_rse);
  CHECK(m.doubt().empty());
  CHECK(judge(Compare::at_most, 1.1, mean_interval(m), m.doubt()).verdict == Verdict::pass);
  CHECK(judge(Compare::at_most, 0.9, mean_interval(m), m.doubt()).verdict == Verdict::fail);
}

TEST_CASE("noisy: the time budget runs out and the result is inconclusive") {
  Source src;
  std::lognormal_distribution<double> d(0.0, 1.5);  // wildly spread samples
  SamplingCriteria c;
  c.max_rse = 0.001;
  c.max_seconds = 0.5;
  Measurement m = sample_until_stable([&] { return Sample{d(src.rng), false}; }, c);
  CHECK_FALSE(m.converged);
  CHECK(m.doubt().find("machine too noisy") != std::string::npos);
  CHECK(judge(Compare::at_most, 4, mean_interval(m), m.doubt()).verdict == Verdict::inconclusive);
}

TEST_CASE("bimodal: a small standard error does not hide two clusters") {
  Source src;
  SamplingCriteria c;
  c.max_rse = 0.05;  // the mean of a 50/50 mix converges quickly ...
  Measurement m = sample_until_stable([&] { return Sample{(src.i++ % 2) ? 1.0 : 1.6, false}; }, c);
  CHECK(m.shape.bimodal);  // ... but the shape says it is not one number
  CHECK(judge(Compare::at_most, 2, mean_interval(m), m.doubt()).verdict == Verdict::inconclusive);
}

TEST_CASE("drifting: clocks settling during the measurement are flagged") {
  Source src;
  SamplingCriteria c;
  c.max_rse = 0.02;
  Measurement m = sample_until_stable([&] { return Sample{1.0 + 0.002 * src.i++, false}; }, c);
  CHECK(m.shape.drifting);
  CHECK(m.doubt().find("drifted") != std::string::npos);
}

TEST_CASE("throttled: throttled samples are discarded, not averaged in") {
  Source src;
  SamplingCriteria c;
  Measurement m = sample_until_stable(
      [&] {
        bool hot = (src.i++ % 4) == 0;
        return Sample{hot ? 3.0 : 1.0, hot};
      },
      c);
  CHECK(m.throttled_discarded > 0);
  CHECK(m.stats.max == doctest::Approx(1.0));
  CHECK(m.converged);
}

TEST_CASE("throttled throughout: nothing to keep, so never converged") {
  SamplingCriteria c;
  c.max_seconds = 0.1;
  Measurement m = sample_until_stable([] { return Sample{1.0, true}; }, c);
  CHECK_FALSE(m.converged);
  CHECK(m.samples_ms.empty());
  CHECK_FALSE(m.doubt().empty());
}

TEST_CASE("pairs: a steady 2.2x speedup converges with a tight interval") {
  Source src;
  std::normal_distribution<double> d(0.0, 0.01);
  SamplingCriteria c;
  PairMeasurement m = sample_pairs_until_stable(
      [&] {
        return Sample{2.2 * (1 + d(src.rng)), false};
      },
      [&] {
        return Sample{1.0 * (1 + d(src.rng)), false};
      },
      c);
  CHECK(m.converged);
  CHECK(m.ratio.ratio == doctest::Approx(2.2).epsilon(0.01));
  CHECK(m.ratio.relative_half_width() <= 2 * c.max_rse);
  Estimate e{m.ratio.ratio, m.ratio.low, m.ratio.high};
  CHECK(judge(Compare::at_least, 1.8, e, m.doubt()).verdict == Verdict::pass);
}

TEST_CASE("pairs: a shared slow drift cancels out of the ratio") {
  Source src;
  SamplingCriteria c;
  int k = 0;
  PairMeasurement m = sample_pairs_until_stable(
      [&] {
        return Sample{2.0 * (1 + 0.001 * k), false};
      },
      [&] {
        return Sample{1.0 * (1 + 0.001 * k++), false};
      },
      c);
  CHECK(m.ratio.ratio == doctest::Approx(2.0).epsilon(0.001));
  CHECK(m.ratio.relative_half_width() < 0.001);
  // Each side drifted by more than the 3 % tolerance, the ratio not at all: no doubt.
  CHECK(inspect_shape(m.base_ms).drifting);
  CHECK(m.doubt().empty());
}

TEST_CASE("pairs: a ratio that drifts is doubted") {
  Source src;
  SamplingCriteria c;
  int k = 0;
  // Only the candidate speeds up as the run goes on: the ratio grows by 0.1 % a pair.
  PairMeasurement m = sample_pairs_until_stable(
      [&] {
        return Sample{2.0, false};
      },
      [&] {
        return Sample{1.0 / (1 + 0.001 * k++), false};
      },
      c);
  CHECK(m.ratio_shape.drifting);
  CHECK(m.doubt().find("the ratios of the interleaved pairs drifted") != std::string::npos);
  Estimate e{m.ratio.ratio, m.ratio.low, m.ratio.high};
  CHECK(judge(Compare::at_least, 1.8, e, m.doubt()).verdict == Verdict::inconclusive);
}
