#include "memlab/rng.h"

#include <chrono>

namespace memlab {

std::vector<float> InputGenerator::floats(std::size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(engine_);
  return v;
}

std::vector<std::uint16_t> InputGenerator::bits16(std::size_t n) {
  std::vector<std::uint16_t> v(n);
  for (auto& x : v) {
    // Avoid the all-ones poison pattern so an unwritten element can never look right.
    do x = static_cast<std::uint16_t>(engine_());
    while (x == 0xFFFF);
  }
  return v;
}

std::uint64_t seed_from_entropy() {
  std::random_device device;
  std::uint64_t s = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  s ^= static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return s & 0xFFFFFFFFFFFFull;  // 12 hex digits: short enough to retype
}

}  // namespace memlab
