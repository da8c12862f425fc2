#include "memlab/stats.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include <fmt/format.h>

#include "memlab/bilingual.h"

namespace memlab {

SampleStats summarize(std::vector<double> samples) {
  SampleStats s;
  s.n = samples.size();
  if (s.n == 0) return s;
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / s.n;
  double ss = 0;
  for (double x : samples) ss += (x - s.mean) * (x - s.mean);
  s.stddev = s.n > 1 ? std::sqrt(ss / (s.n - 1)) : 0;
  s.rse = (s.n > 1 && s.mean > 0) ? s.stddev / std::sqrt(static_cast<double>(s.n)) / s.mean : INFINITY;
  std::sort(samples.begin(), samples.end());
  s.min = samples.front();
  s.max = samples.back();
  s.median = s.n % 2 ? samples[s.n / 2] : 0.5 * (samples[s.n / 2 - 1] + samples[s.n / 2]);
  // 1-based ranks j = floor((n - 1.96 sqrt(n)) / 2) and k = ceil(1 + (n + 1.96 sqrt(n)) / 2),
  // clamped to the samples: with fewer than 6 samples that is simply min and max.
  const double n = static_cast<double>(s.n), spread = 1.96 * std::sqrt(n);
  const auto rank = [&](double r) { return static_cast<std::size_t>(std::clamp(r, 1.0, n)) - 1; };
  s.median_low = samples[rank(std::floor((n - spread) / 2))];
  s.median_high = samples[rank(std::ceil(1 + (n + spread) / 2))];
  return s;
}

double t_quantile_95(std::size_t dof) {
  static const double table[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201, 2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
                                 2.074, 2.069,  2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (dof == 0) return INFINITY;
  if (dof <= 30) return table[dof];
  if (dof <= 60) return 2.000 + (2.042 - 2.000) * (60.0 - dof) / 30.0;
  if (dof <= 120) return 1.980 + (2.000 - 1.980) * (120.0 - dof) / 60.0;
  return 1.960;
}

namespace {

// `what` names the series in the notes ("timings"), in English and Chinese (memlab/bilingual.h);
// `unit` follows each value (" ms", or "").
ShapeReport shape_of(const std::vector<double>& samples, double drift_tolerance, double gap_tolerance,
                     const std::string& names, const char* unit) {
  const std::string_view what = english_part(names), what_zh = chinese_part(names);
  ShapeReport r;
  const std::size_t n = samples.size();
  if (n < 9) return r;
  std::string note, note_zh;

  // Drift: the machine got faster or slower while we measured (clocks settling, another job).
  auto third_median = [&](std::size_t begin) {
    std::vector<double> part(samples.begin() + begin, samples.begin() + begin + n / 3);
    std::nth_element(part.begin(), part.begin() + part.size() / 2, part.end());
    return part[part.size() / 2];
  };
  double first = third_median(0), last = third_median(n - n / 3);
  double change = (last - first) / first;
  if (std::fabs(change) > drift_tolerance) {
    r.drifting = true;
    const int percent = static_cast<int>(std::lround(change * 100));
    note += fmt::format("{} drifted by {} % during the measurement; ", what, percent);
    note_zh += fmt::format("{}在测量过程中漂移了 {} %；", what_zh, percent);
  }

  // Bimodal: a gap between consecutive sorted samples wider than gap_tolerance of the
  // median, with at least a fifth of the samples on each side.
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  double median = sorted[n / 2];
  for (std::size_t i = n / 5; i + n / 5 < n; ++i) {
    if (i == 0) continue;
    if ((sorted[i] - sorted[i - 1]) > gap_tolerance * median) {
      r.bimodal = true;
      note += fmt::format("{} fall into two groups ({:g}{} and {:g}{} apart); ", what, sorted[i - 1], unit, sorted[i],
                          unit);
      note_zh +=
          fmt::format("{}分成了两组（{:g}{} 与 {:g}{} 之间断开）；", what_zh, sorted[i - 1], unit, sorted[i], unit);
      break;
    }
  }
  if (note.empty()) return r;
  note.resize(note.size() - 2);                        // the last "; "
  note_zh.resize(note_zh.size() - std::strlen("；"));  // and its Chinese
  r.note = bilingual(note, note_zh);
  return r;
}

}  // namespace

ShapeReport inspect_shape(const std::vector<double>& samples, double drift_tolerance, double gap_tolerance) {
  return shape_of(samples, drift_tolerance, gap_tolerance, bilingual("timings", "计时"), " ms");
}

ShapeReport inspect_ratio_shape(const std::vector<double>& base, const std::vector<double>& candidate,
                                double drift_tolerance, double gap_tolerance) {
  const std::size_t n = std::min(base.size(), candidate.size());
  std::vector<double> ratios(n);
  for (std::size_t i = 0; i < n; ++i) ratios[i] = base[i] / candidate[i];
  return shape_of(ratios, drift_tolerance, gap_tolerance,
                  bilingual("the ratios of the interleaved pairs", "成对交替计时的比值"), "");
}

RatioEstimate ratio_from_pairs(const std::vector<double>& base, const std::vector<double>& candidate) {
  RatioEstimate e;
  const std::size_t n = std::min(base.size(), candidate.size());
  e.pairs = n;
  if (n == 0) return e;
  std::vector<double> logs(n);
  for (std::size_t i = 0; i < n; ++i) logs[i] = std::log(base[i] / candidate[i]);
  double mean = std::accumulate(logs.begin(), logs.end(), 0.0) / n;
  double ss = 0;
  for (double x : logs) ss += (x - mean) * (x - mean);
  double se = n > 1 ? std::sqrt(ss / (n - 1) / n) : INFINITY;
  double half = t_quantile_95(n - 1) * se;
  e.ratio = std::exp(mean);
  e.low = std::exp(mean - half);
  e.high = std::isfinite(half) ? std::exp(mean + half) : INFINITY;
  return e;
}

}  // namespace memlab
