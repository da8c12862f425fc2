#pragma once
// The inputs of a timed sample, as pure functions of (salt, index): the checker's GPU kernels
// draw them before a sample and recompute them to verify its output, and the CPU uses the same
// functions to name a mismatch and in the unit tests. The salt is secret and fresh for every
// sample (KernelTimer::next_tag), so no launch can know its inputs before it reads them, and an
// output left over from an earlier sample, or computed from its inputs, is wrong.
#include <cstdint>

#if defined(__CUDACC__)
#define MEMLAB_HD __host__ __device__
#else
#define MEMLAB_HD
#endif

namespace memlab {

// The random word of element i: two keyed multiply-xorshift rounds (64 key bits). Each step is
// a bijection, so for a fixed salt the words of indices below 2^32 never collide. About 7
// integer instructions: the GPU kernels that draw and check inputs stay bound by memory, not by
// hashing (a float costs 4 bytes of DRAM traffic, about 10 integer instructions' worth on an H200).
MEMLAB_HD inline std::uint32_t sample_word(std::uint64_t salt, std::uint64_t i) {
  const std::uint32_t low = static_cast<std::uint32_t>(i), high = static_cast<std::uint32_t>(i >> 32);
  std::uint32_t h = (low ^ static_cast<std::uint32_t>(salt)) * 0x9E3779B1u;
  h = (h ^ (h >> 16) ^ static_cast<std::uint32_t>(salt >> 32) ^ (high * 0x85EBCA77u)) * 0x85EBCA6Bu;
  return h ^ (h >> 13);
}

// A float in [-1, 1) on a grid of 2^-23, from the top 24 bits: like InputGenerator::floats,
// never NaN, never -0, never a denormal product with a scale in [0.5, 4], never the all-ones
// poison.
MEMLAB_HD inline float sample_float(std::uint64_t salt, std::uint64_t i) {
  const int grid = static_cast<int>(sample_word(salt, i) >> 8) - (1 << 23);  // -2^23 .. 2^23 - 1
  return static_cast<float>(grid) * (1.0f / 8388608.0f);                     // exact
}

// An arbitrary 16-bit payload (any half, NaNs included), never the 0xFFFF poison. Elements 2k and
// 2k + 1 share the word of k (its low and high halves), so a fill hashes once per two.
MEMLAB_HD inline std::uint16_t sample_bits16_of(std::uint32_t word, std::uint64_t i) {
  const std::uint16_t v = static_cast<std::uint16_t>((i & 1u) ? word >> 16 : word & 0xFFFFu);
  return v == 0xFFFFu ? std::uint16_t(0x7FFFu) : v;
}
MEMLAB_HD inline std::uint16_t sample_bits16(std::uint64_t salt, std::uint64_t i) {
  return sample_bits16_of(sample_word(salt, i >> 1), i);
}

template <class T>
MEMLAB_HD inline T sample_value(std::uint64_t salt, std::uint64_t i);
template <>
MEMLAB_HD inline float sample_value<float>(std::uint64_t salt, std::uint64_t i) {
  return sample_float(salt, i);
}
template <>
MEMLAB_HD inline std::uint16_t sample_value<std::uint16_t>(std::uint64_t salt, std::uint64_t i) {
  return sample_bits16(salt, i);
}

// ---- Summands whose float sum is exact in any order ----------------------------------------
// Every value is k * 2^-e with an integer k, and sum |k| <= 2^24. Then every partial sum of
// every order is a multiple of 2^-e no larger than 2^24 * 2^-e, which a float holds exactly,
// so every float addition is exact and the sum must equal the exact total at any n (the bound
// gamma(n) * sum|x| is infinite from n = 2^24 on, so random floats could not be judged there).
// Shaped against shortcuts: each aligned group of 32 elements (one 128-byte line) holds exactly
// one non-zero value, at a secret position; the non-zero values are odd multiples of 2^-e with
// e >= 2 (never integers); the first half leans positive with k in {1, 3}, the second half leans
// negative with mostly k = 3. So half of the data doubled, every other line, a sample scaled up,
// or a sum of the integer parts are all far from the total, and the budget holds by
// construction: sum |k| <= 3 * ceil(n / 32) <= 2^24 for n <= kExactSumMaxN = 178956960 (2^27 is
// 134217728).
constexpr std::uint64_t kExactSumGroup = 32;
constexpr std::uint64_t kExactSumMaxN = (std::uint64_t(1) << 24) / 3 * kExactSumGroup;

// The exponent e of a sample (2..9), from bits of the salt that sample_word mixes last.
MEMLAB_HD inline int exact_summand_exponent(std::uint64_t salt) { return 2 + static_cast<int>(salt >> 61); }

// k of element i of n, from the word of its group (sample_word(salt, i / 32)).
MEMLAB_HD inline int exact_summand_numerator(std::uint32_t group_word, std::uint64_t i, std::uint64_t n) {
  if ((i & (kExactSumGroup - 1)) != (group_word & (kExactSumGroup - 1))) return 0;
  const std::uint32_t r = group_word >> 5;
  if (i < n / 2) {
    const int k = (r & 1u) ? 3 : 1;
    return ((r >> 1) & 3u) == 0 ? -k : k;  // positive 3 times in 4
  }
  const int k = ((r >> 3) & 3u) != 0 ? 3 : 1;  // 3 three times in 4
  return ((r >> 5) & 3u) == 0 ? k : -k;        // negative 3 times in 4
}

MEMLAB_HD inline int exact_summand_numerator_at(std::uint64_t salt, std::uint64_t i, std::uint64_t n) {
  return exact_summand_numerator(sample_word(salt, i / kExactSumGroup), i, n);
}

// k * 2^-e, exact: |k| <= 3 and 2 <= e <= 9.
MEMLAB_HD inline float exact_summand_value(int numerator, int exponent) {
  return static_cast<float>(numerator) * (1.0f / static_cast<float>(1 << exponent));
}

}  // namespace memlab
