#pragma once
// What a float sum may be, and how the checker knows it (see README.md, "How the sum is judged").
//
// Any order of n - 1 float additions returns a sum within gamma(n) * sum|x| of the exact one,
// gamma(n) = n*u / (1 - n*u), u = 2^-24 (memlab::float_sum_error_bound). For random data this
// bound is useful only while n*u is small; from n = 2^24 on it is infinite. So the checker
// also sums integer data: when the values are integers and sum|x| <= 2^24, every partial sum
// of every order is an integer no larger than 2^24, which a float holds exactly, so every
// addition is exact and the float sum must equal the exact total, in any order, at any n.
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

// Non-negative integers with sum <= 2^24: any order sums them exactly. Dense and varied
// (0..8) for small n, 0/1 for mid n, sparse ones (about 2^23 of them) for n > 2^24.
struct ExactSummands {
  std::vector<float> values;
  std::int64_t total = 0;
};
ExactSummands exact_summands(std::size_t n, memlab::InputGenerator& rng);

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
SumVerdict judge_exact_sum(float got, std::size_t n, std::int64_t total, const std::string& what);

// Summation orders, in float, for the CPU proof that the bound covers the GPU's orders.
float sum_sequential(const std::vector<float>& x);
float sum_pairwise(const std::vector<float>& x);
// reduce_tree's order: blocks of 256 (zero-padded) summed by `pairing`, level after level.
float sum_tree_levels(const std::vector<float>& x, const Pairing& pairing);
// A grid-stride kernel with atomics: `threads` running sums over a stride, then the
// partial sums added in a random order (as atomicAdd would).
float sum_grid_stride_shuffled(const std::vector<float>& x, std::size_t threads, memlab::InputGenerator& rng);

}  // namespace lab06
