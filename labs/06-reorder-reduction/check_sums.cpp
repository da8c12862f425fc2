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

constexpr std::int64_t kExactLimit = std::int64_t(1) << 24;  // floats hold every integer up to here

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

ExactSummands exact_summands(std::size_t n, memlab::InputGenerator& rng) {
  ExactSummands out;
  out.values.resize(n);
  // Aim at a total near 2^23, half the limit; the loop below enforces the limit itself.
  const double per_element = double(kExactLimit / 2) / static_cast<double>(n);
  const int top = per_element >= 4 ? 8 : 1;  // values 0..top, mean top / 2
  const std::uint64_t keep = per_element >= 0.5 ? ~std::uint64_t(0) : std::uint64_t(per_element * 0x1p64);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t r = rng.next_u64();
    std::int64_t v = 0;
    if (top == 8)
      v = static_cast<std::int64_t>(r % 9);
    else if (keep == ~std::uint64_t(0))
      v = static_cast<std::int64_t>(r & 1);
    else
      v = r < keep ? 1 : 0;
    if (out.total + v > kExactLimit) v = 0;
    out.values[i] = static_cast<float>(v);
    out.total += v;
  }
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

SumVerdict judge_exact_sum(float got, std::size_t n, std::int64_t total, const std::string& what) {
  SumVerdict v;
  v.error = std::fabs(static_cast<double>(got) - static_cast<double>(total));
  v.ok = v.error == 0;
  v.text = memlab::bilingual(
      fmt::format("n={} {}: got {:.9g}, exact {}{}", n, memlab::english_part(what), double(got),
                  static_cast<long long>(total),
                  v.ok ? "" : " (integer data with sum <= 2^24 must sum exactly in any order)"),
      fmt::format("n={} {}：得到 {:.9g}，精确值 {}{}", n, memlab::chinese_part(what), double(got),
                  static_cast<long long>(total), v.ok ? "" : "（和不超过 2^24 的整数数据，按任何顺序求和都必须精确）"));
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
