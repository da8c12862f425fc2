#include "check_sums.h"

#include <memlab/bilingual.h>
#include <memlab/verify.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace lab06 {

namespace {

// A float holds every multiple of 2^-e up to 2^24 * 2^-e: the budget of sum|k|.
constexpr std::int64_t kExactLimit = std::int64_t(1) << 24;

// The bound of a sum accumulated with unit roundoff u: n*u / (1 - n*u) * sum|x|.
long double gamma_bound(std::size_t n, long double u, long double sum_abs) {
  const long double nu = static_cast<long double>(n) * u;
  return nu < 1 ? nu / (1 - nu) * sum_abs : std::numeric_limits<long double>::infinity();
}

}  // namespace

Reference reference_sum(const std::vector<float>& x) {
  Reference r;
  for (float v : x) {
    r.sum += v;
    r.sum_abs += std::fabs(static_cast<long double>(v));
  }
  r.error = gamma_bound(x.size(), std::numeric_limits<long double>::epsilon() / 2, r.sum_abs);
  return r;
}

std::vector<float> random_summands(std::size_t n, memlab::InputGenerator& rng) { return rng.floats(n, -1.0f, 1.0f); }

double DyadicSummands::total() const { return std::ldexp(static_cast<double>(numerator_sum), -exponent); }

std::size_t dyadic_group(std::size_t n) {
  std::size_t group = 1;
  while (3 * ((n + group - 1) / group) > static_cast<std::size_t>(kExactLimit)) group *= 2;
  return group;
}

DyadicSummands dyadic_summands(std::size_t n, memlab::InputGenerator& rng) {
  DyadicSummands out;
  out.group = dyadic_group(n);
  out.values.resize(n);
  do {
    std::fill(out.values.begin(), out.values.end(), 0.0f);
    out.numerator_sum = out.numerator_abs_sum = out.first_half_numerators = 0;
    out.exponent = 2 + static_cast<int>(rng.next_u64() % 8);  // 2..9
    const float unit = std::ldexp(1.0f, -out.exponent);
    for (std::size_t first = 0; first < n; first += out.group) {
      const std::uint64_t r = rng.next_u64();
      const std::size_t i = first + static_cast<std::size_t>(r % out.group);
      if (i >= n) continue;  // the last group may be cut short
      const std::uint64_t bits = r >> 32;
      int k = 0;
      if (i < n / 2) {  // leans positive
        k = (bits & 1u) ? 3 : 1;
        if (((bits >> 1) & 3u) == 0) k = -k;
      } else {  // leans negative
        k = ((bits >> 3) & 3u) != 0 ? 3 : 1;
        if (((bits >> 5) & 3u) != 0) k = -k;
      }
      out.values[i] = static_cast<float>(k) * unit;  // exact: |k| <= 3
      out.numerator_sum += k;
      out.numerator_abs_sum += k < 0 ? -k : k;
      if (i < n / 2) out.first_half_numerators += k;
    }
    // The halves must differ (their sums, so that the first half doubled is wrong), and a lone
    // value must not be zero.
  } while (n >= 2 ? 2 * out.first_half_numerators == out.numerator_sum : out.numerator_sum == 0);
  return out;
}

double allowed_error(std::size_t n, const Reference& ref) {
  return memlab::float_sum_error_bound(n, static_cast<double>(ref.sum_abs)) + static_cast<double>(ref.error);
}

SumVerdict judge_float_sum(float got, std::size_t n, const Reference& ref, const std::string& what) {
  SumVerdict v;
  v.allowed = allowed_error(n, ref);
  v.error = static_cast<double>(std::fabs(static_cast<long double>(got) - ref.sum));
  v.ok = v.error <= v.allowed;  // false for NaN and infinity
  v.text = memlab::bilingual(
      fmt::format("n={} {}: got {:.9g}, exact {:.9g}, |error| {:.2g} {} {:.2g} allowed", n, memlab::english_part(what),
                  double(got), ref.sum, v.error, v.ok ? "<=" : ">", v.allowed),
      fmt::format("n={} {}：得到 {:.9g}，精确值 {:.9g}，|误差| {:.2g} {} 允许的 {:.2g}", n, memlab::chinese_part(what),
                  double(got), ref.sum, v.error, v.ok ? "<=" : ">", v.allowed));
  return v;
}

SumVerdict judge_exact_sum(float got, std::size_t n, const DyadicSummands& exact, const std::string& what) {
  SumVerdict v;
  const double total = exact.total();
  v.error = std::fabs(static_cast<double>(got) - total);
  v.ok = v.error == 0;  // false for NaN
  v.text = memlab::bilingual(
      fmt::format("n={} {}: got {:.9g}, exact {:.9g}{}", n, memlab::english_part(what), double(got), total,
                  v.ok ? ""
                       : fmt::format(" (values k * 2^-{} with sum|k| = {} <= 2^24 sum exactly in any order)",
                                     exact.exponent, static_cast<long long>(exact.numerator_abs_sum))),
      fmt::format("n={} {}：得到 {:.9g}，精确值 {:.9g}{}", n, memlab::chinese_part(what), double(got), total,
                  v.ok ? ""
                       : fmt::format("（k * 2^-{} 形式的值，sum|k| = {} <= 2^24，按任何顺序求和都必须精确）",
                                     exact.exponent, static_cast<long long>(exact.numerator_abs_sum))));
  return v;
}

float sum_sequential(const std::vector<float>& x) {
  float s = 0;
  for (float v : x) s += v;
  return s;
}

namespace {
float pairwise(const float* x, std::size_t n) {
  if (n == 1) return x[0];
  const std::size_t half = n / 2;
  return pairwise(x, half) + pairwise(x + half, n - half);
}
}  // namespace

float sum_pairwise(const std::vector<float>& x) { return x.empty() ? 0.0f : pairwise(x.data(), x.size()); }

float sum_tree_levels(const std::vector<float>& x, const Pairing& pairing) {
  std::vector<float> level = x;
  do {
    std::vector<float> sums((level.size() + kBlock - 1) / kBlock);
    for (std::size_t b = 0; b < sums.size(); ++b) {
      float s[kBlock];
      for (int t = 0; t < kBlock; ++t) {
        const std::size_t i = b * kBlock + t;
        s[t] = i < level.size() ? level[i] : 0.0f;
      }
      for (int step = 0; step < kSteps; ++step)
        for (int tid = 0; tid < active_threads(step); ++tid) {
          const Pair p = pairing(step, tid);
          s[p.dst] += s[p.src];  // race-free pairings make the order within a step irrelevant
        }
      sums[b] = s[0];
    }
    level.swap(sums);
  } while (level.size() > 1);
  return level[0];
}

float sum_grid_stride_shuffled(const std::vector<float>& x, std::size_t threads, memlab::InputGenerator& rng) {
  std::vector<float> partial(threads, 0.0f);
  for (std::size_t i = 0; i < x.size(); ++i) partial[i % threads] += x[i];
  std::mt19937_64 engine(rng.next_u64());
  std::shuffle(partial.begin(), partial.end(), engine);
  return sum_sequential(partial);
}

}  // namespace lab06
