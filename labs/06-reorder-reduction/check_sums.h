#pragma once
// What a float sum may be, and how the checker knows it (see README.md, "How the sum is judged").
//
// Any order of n - 1 float additions returns a sum within gamma(n) * sum|x| of the exact one,
// gamma(n) = n*u / (1 - n*u), u = 2^-24 (memlab::float_sum_error_bound). For random data this
// bound is useful only while n*u is small; from n = 2^24 on it is infinite. It is not tightened:
// it must hold for every honest order, atomics included. One atomicAdd per block of 256 values is
// a running sum of n / 256 block sums, whose worst case alone is about (n / 256) u sum|x|
// (2.3e-4 sum|x| at n = 10^6), while the first half doubled misses the sum of random data by about
// sqrt(n / 3) / (n / 2) sum|x| (1.2e-3 at n = 10^6) on average, and by much less in many draws.
// No sound bound tells the two apart reliably. So the checker also sums exact data at every size:
// values k * 2^-e (k odd, e >= 2: never integers) with sum|k| <= 2^24. Every partial sum of every
// order is then a multiple of 2^-e no larger than 2^24 * 2^-e, which a float holds exactly, so
// every addition is exact and the sum must equal the exact total, in any order, at any n. Its two
// halves lean opposite ways, so half of the data doubled is far from the total.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <memlab/rng.h>

#include "check_tree_model.h"

namespace lab06 {

// The exact sum, within `error` (a long double accumulation and its own error bound).
struct Reference {
  long double sum = 0, sum_abs = 0, error = 0;
};
Reference reference_sum(const std::vector<float>& x);

// Random floats in [-1, 1): the bound below is meaningful while n * 2^-24 is small.
std::vector<float> random_summands(std::size_t n, memlab::InputGenerator& rng);

// The exact data of every size, from the family of the timed inputs (memlab::ExactSumSamples,
// memlab/sample_inputs.h): values k * 2^-e, k in {-3, -1, 1, 3}, one exponent e from 2 to 9 per
// draw; the first half leans positive (k in {1, 3}, positive 3 times in 4), the second half
// negative (mostly 3, negative 3 times in 4). One value in each aligned group of `group` elements
// is non-zero, at a random place: every value up to n = 5592405 (group 1), fewer above, so that
// sum|k| <= 3 ceil(n / group) <= 2^24 (group 64 at n = 2^28, where the timed inputs' fixed group of
// 32 would break the budget). The draw is repeated until the two halves' sums differ (n >= 2) or
// the one value is not zero (n = 1).
struct DyadicSummands {
  std::vector<float> values;
  std::int64_t numerator_sum = 0, numerator_abs_sum = 0;  // sum of k and of |k|
  std::int64_t first_half_numerators = 0;                 // sum of k over the first n / 2 values
  int exponent = 0;                                       // every value is k * 2^-exponent
  std::size_t group = 1;
  double total() const;  // exact, and exactly a float
};
DyadicSummands dyadic_summands(std::size_t n, memlab::InputGenerator& rng);
// The group of n values: the smallest power of two with 3 ceil(n / group) <= 2^24.
std::size_t dyadic_group(std::size_t n);

// How far `got` may be from the exact sum: gamma(n) * sum|x| plus the reference's own error.
// Infinite when n * 2^-24 >= 1.
double allowed_error(std::size_t n, const Reference& ref);

// One judged sum.
struct SumVerdict {
  bool ok = false;
  double error = 0, allowed = 0;
  std::string text;  // "n=257 floats: got 3.25, exact 3.2500012, |error| 1.2e-06 <= 2.9e-03", and in Chinese
};
// `what` names the data, in English and Chinese (memlab/bilingual.h) or in English only.
SumVerdict judge_float_sum(float got, std::size_t n, const Reference& ref, const std::string& what);
SumVerdict judge_exact_sum(float got, std::size_t n, const DyadicSummands& exact, const std::string& what);

// Summation orders, in float, for the CPU proof that the bound covers the GPU's orders.
float sum_sequential(const std::vector<float>& x);
float sum_pairwise(const std::vector<float>& x);
// reduce_tree's order: blocks of 256 (zero-padded) summed by `pairing`, level after level.
float sum_tree_levels(const std::vector<float>& x, const Pairing& pairing);
// A grid-stride kernel with atomics: `threads` running sums over a stride, then the
// partial sums added in a random order (as atomicAdd would).
float sum_grid_stride_shuffled(const std::vector<float>& x, std::size_t threads, memlab::InputGenerator& rng);

}  // namespace lab06
