#pragma once
// A tiny seeded generator (SplitMix64) whose sequence is the same on every platform and
// standard library, so generated corpora and property tests are reproducible bit for bit
// (std::uniform_int_distribution is not).
#include <cstdint>

namespace memlab::bank {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform enough in [0, n) for n far below 2^64 (the modulo bias is below 2^-40 here).
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

 private:
  std::uint64_t state_;
};

}  // namespace memlab::bank
