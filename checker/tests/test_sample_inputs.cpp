// The inputs the GPU draws for every timed sample (memlab/sample_inputs.h), checked on the CPU with
// the same functions: values in range and never the poison, and summands whose float sum is exact
// in any order while no shortcut (half the data, a sample of it, its integer parts) comes close.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "memlab/sample_inputs.h"

using namespace memlab;

namespace {

std::uint32_t bits(float v) {
  std::uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

constexpr std::uint64_t kSalt = 0x0123456789ABCDEFull;

}  // namespace

TEST_CASE("sample words: distinct per index, different per salt") {
  std::set<std::uint32_t> words;
  for (std::uint64_t i = 0; i < 100000; ++i) words.insert(sample_word(kSalt, i));
  CHECK(words.size() == 100000);  // a bijection of the index
  int same = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) same += sample_word(kSalt, i) == sample_word(kSalt + 1, i) ? 1 : 0;
  CHECK(same < 3);
  CHECK(sample_word(kSalt, std::uint64_t(1) << 32) != sample_word(kSalt, 0));  // indices past 2^32 differ too
}

TEST_CASE("sample floats: in [-1, 1), never NaN, -0 or the poison; halves never 0xFFFF") {
  int negative = 0;
  for (std::uint64_t i = 0; i < 200000; ++i) {
    const float v = sample_float(kSalt, i);
    REQUIRE(v >= -1.0f);
    REQUIRE(v < 1.0f);
    REQUIRE(bits(v) != 0x80000000u);
    REQUIRE(bits(v) != 0xFFFFFFFFu);
    negative += v < 0 ? 1 : 0;
    REQUIRE(sample_bits16(kSalt, i) != 0xFFFFu);
  }
  CHECK(negative > 95000);
  CHECK(negative < 105000);
  CHECK(sample_value<float>(kSalt, 5) == sample_float(kSalt, 5));
  CHECK(sample_value<std::uint16_t>(kSalt, 5) == sample_bits16(kSalt, 5));
}

TEST_CASE("exact summands: one odd multiple of 2^-e per line of 32, within the 2^24 budget") {
  CHECK(3 * (kExactSumMaxN / kExactSumGroup) <= (std::uint64_t(1) << 24));
  CHECK(3 * (kExactSumMaxN / kExactSumGroup + 1) > (std::uint64_t(1) << 24));  // the largest n that holds
  for (std::uint64_t salt : {kSalt, ~kSalt, std::uint64_t(0)}) {
    const int e = exact_summand_exponent(salt);
    REQUIRE(e >= 2);
    REQUIRE(e <= 9);
    const std::uint64_t n = 1000 * kExactSumGroup + 17;  // a partial last group
    for (std::uint64_t g = 0; g * kExactSumGroup < n; ++g) {
      int nonzero = 0;
      for (std::uint64_t i = g * kExactSumGroup; i < std::min(n, (g + 1) * kExactSumGroup); ++i) {
        const int k = exact_summand_numerator_at(salt, i, n);
        if (k == 0) continue;
        ++nonzero;
        REQUIRE((k == 1 || k == -1 || k == 3 || k == -3));
        const float v = exact_summand_value(k, e);
        REQUIRE(v != std::floor(v));  // never an integer
        REQUIRE(v * static_cast<float>(1 << e) == static_cast<float>(k));
      }
      REQUIRE(nonzero <= 1);
    }
  }
}

TEST_CASE("exact summands at the timed size (2^27): the halves lean apart, no shortcut passes") {
  const std::uint64_t n = std::uint64_t(1) << 27;
  long long first = 0, second = 0, abs_sum = 0, even = 0;
  // One non-zero per group: walk the groups, not the 2^27 elements.
  for (std::uint64_t g = 0; g < n / kExactSumGroup; ++g) {
    const std::uint32_t word = sample_word(kSalt, g);
    const std::uint64_t i = g * kExactSumGroup + (word & (kExactSumGroup - 1));
    const int k = exact_summand_numerator(word, i, n);
    REQUIRE(k != 0);
    (i < n / 2 ? first : second) += k;
    abs_sum += std::abs(k);
    if (i % 2 == 0) even += k;
  }
  const long long total = first + second;
  CHECK(abs_sum <= (1ll << 24));
  CHECK(first > 1500000);                          // 2^21 groups leaning positive: about +2^21
  CHECK(second < -2000000);                        // leaning negative with mostly 3s: about -2.6 M
  CHECK(std::llabs(2 * first - total) > 1000000);  // half of the data, doubled: millions of quanta off
  CHECK(2 * even != total);                        // every other element, doubled: off (the sum is exact)
  CHECK(total != 0);  // every value is under 1 in magnitude: the sum of their integer parts is 0
}

TEST_CASE("exact summands sum exactly in float in any order") {
  const std::uint64_t salt = 0xFEEDFACECAFEBEEFull;
  const std::uint64_t n = (std::uint64_t(1) << 20) + 37;
  const int e = exact_summand_exponent(salt);
  std::vector<float> x(n);
  long long exact = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const int k = exact_summand_numerator_at(salt, i, n);
    exact += k;
    x[i] = exact_summand_value(k, e);
  }
  const double want = static_cast<double>(exact) / (1 << e);
  float sequential = 0;
  for (float v : x) sequential += v;
  CHECK(static_cast<double>(sequential) == want);
  // Blocks of 256 summed in a tree, then the block sums in a random order.
  std::vector<float> blocks;
  for (std::uint64_t b = 0; b < n; b += 256) {
    std::vector<float> s(x.begin() + b, x.begin() + std::min(n, b + 256));
    s.resize(256, 0.0f);
    for (int w = 128; w > 0; w /= 2)
      for (int t = 0; t < w; ++t) s[t] += s[t + w];
    blocks.push_back(s[0]);
  }
  std::shuffle(blocks.begin(), blocks.end(), std::mt19937(1));
  float tree = 0;
  for (float v : blocks) tree += v;
  CHECK(static_cast<double>(tree) == want);
  std::mt19937 rng(2);
  std::shuffle(x.begin(), x.end(), rng);
  float shuffled = 0;
  for (float v : x) shuffled += v;
  CHECK(static_cast<double>(shuffled) == want);
}
