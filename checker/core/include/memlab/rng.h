#pragma once
// Inputs are drawn fresh for every run from a seeded generator; the seed is printed in the
// report and can be set (--seed or MEMLAB_SEED) to reproduce a failure exactly.
#include <cstdint>
#include <random>
#include <vector>

namespace memlab {

class InputGenerator {
 public:
  explicit InputGenerator(std::uint64_t seed) : engine_(seed) {}
  // Distinct-looking floats that are never NaN or Inf, so an exact comparison is meaningful.
  std::vector<float> floats(std::size_t n, float lo = -1.0f, float hi = 1.0f);
  std::vector<std::uint16_t> bits16(std::size_t n);  // arbitrary 16-bit payloads (e.g. half data)
  std::uint64_t next_u64() { return engine_(); }

 private:
  std::mt19937_64 engine_;
};

std::uint64_t seed_from_entropy();

}  // namespace memlab
