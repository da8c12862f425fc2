#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "memlab/stats.h"

using namespace memlab;

TEST_CASE("summarize: mean, median, standard error") {
  SampleStats s = summarize({1, 2, 3, 4, 5});
  CHECK(s.n == 5);
  CHECK(s.mean == doctest::Approx(3));
  CHECK(s.median == doctest::Approx(3));
  CHECK(s.stddev == doctest::Approx(std::sqrt(2.5)));
  CHECK(s.rse == doctest::Approx(std::sqrt(2.5) / std::sqrt(5.0) / 3));
  CHECK(summarize({4, 1, 3, 2}).median == doctest::Approx(2.5));
  CHECK(summarize({}).n == 0);
}

TEST_CASE("t quantiles approach the normal one") {
  CHECK(t_quantile_95(1) == doctest::Approx(12.706));
  CHECK(t_quantile_95(10) == doctest::Approx(2.228));
  CHECK(t_quantile_95(1000) == doctest::Approx(1.96));
  CHECK(t_quantile_95(45) > t_quantile_95(90));
}

TEST_CASE("shape: steady samples are neither drifting nor bimodal") {
  std::mt19937 g(1);
  std::normal_distribution<double> d(1.0, 0.002);
  std::vector<double> v(60);
  for (auto& x : v) x = d(g);
  ShapeReport r = inspect_shape(v);
  CHECK_FALSE(r.drifting);
  CHECK_FALSE(r.bimodal);
  CHECK(r.note.empty());
}

TEST_CASE("shape: a slow drift is detected") {
  std::vector<double> v(60);
  for (size_t i = 0; i < v.size(); ++i) v[i] = 1.0 + 0.002 * i;  // 12 % slower by the end
  ShapeReport r = inspect_shape(v);
  CHECK(r.drifting);
  CHECK(r.note.find("drifted") != std::string::npos);
}

TEST_CASE("shape: two clusters are detected, one outlier is not") {
  std::vector<double> two;
  for (int i = 0; i < 30; ++i) two.push_back(i % 2 ? 1.0 + 1e-4 * i : 1.5 + 1e-4 * i);
  CHECK(inspect_shape(two).bimodal);
  std::vector<double> outlier(30, 1.0);
  for (size_t i = 0; i < outlier.size(); ++i) outlier[i] += 1e-4 * i;
  outlier[7] = 3.0;
  CHECK_FALSE(inspect_shape(outlier).bimodal);
}

TEST_CASE("median interval: order statistics that hold the median of skewed samples") {
  std::vector<double> ranks;
  for (int i = 1; i <= 101; ++i) ranks.push_back(i);
  std::shuffle(ranks.begin(), ranks.end(), std::mt19937(3));
  SampleStats s = summarize(ranks);
  CHECK(s.median == 51);
  CHECK(s.median_low == 40);   // floor((101 - 1.96 * sqrt(101)) / 2)
  CHECK(s.median_high == 62);  // ceil(1 + (101 + 1.96 * sqrt(101)) / 2)

  // Timing samples are skewed to the slow side: a tight body and a long tail pull the mean
  // above the median, so an interval of the mean can miss the median altogether.
  std::vector<double> skewed(700, 0.0);
  for (size_t i = 0; i < skewed.size(); ++i) skewed[i] = 0.276 + 1e-6 * (i % 7) + (i % 10 == 0 ? 0.02 : 0.0);
  SampleStats t = summarize(skewed);
  CHECK(t.mean - 1.96 * t.stddev / std::sqrt(700.0) > t.median);
  CHECK(t.median_low <= t.median);
  CHECK(t.median_high >= t.median);
  CHECK(t.median_high < t.mean);

  SampleStats few = summarize({3.0, 1.0, 2.0});
  CHECK(few.median_low == 1.0);
  CHECK(few.median_high == 3.0);
}

TEST_CASE("ratio from pairs: exact ratio, interval narrows with pairs") {
  std::vector<double> base(20, 2.0), cand(20, 1.0);
  RatioEstimate e = ratio_from_pairs(base, cand);
  CHECK(e.ratio == doctest::Approx(2.0));
  CHECK(e.low == doctest::Approx(2.0));
  CHECK(e.high == doctest::Approx(2.0));

  std::mt19937 g(2);
  std::normal_distribution<double> noise(0, 0.02);
  auto estimate = [&](int n) {
    std::vector<double> b, c;
    for (int i = 0; i < n; ++i) {
      b.push_back(2.0 * (1 + noise(g)));
      c.push_back(1.0 * (1 + noise(g)));
    }
    return ratio_from_pairs(b, c);
  };
  RatioEstimate small = estimate(10), large = estimate(400);
  CHECK(small.low < 2.0);
  CHECK(small.high > 2.0);
  CHECK(large.relative_half_width() < small.relative_half_width());
  CHECK(large.ratio == doctest::Approx(2.0).epsilon(0.01));
}
