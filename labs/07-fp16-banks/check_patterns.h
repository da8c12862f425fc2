#pragma once
// The 2-byte access patterns the CPU part asks the student to predict, and what the course's
// bank model says each one costs. Each pattern is one warp instruction of 16-bit shared loads:
// lane i loads element half_index[i] of a __half array that starts on a 128-byte boundary.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace lab07 {

inline constexpr int kWarpSize = 32;

struct HalfPattern {
  std::string name;     // what the warp does, e.g. "column 0 of __half tile[64][65], lane i -> row i"
  std::string name_zh;  // the same in Chinese, for the report
  std::array<int, kWarpSize> half_index{};
};

// The crafted patterns (strides, broadcasts, tile rows and columns at pitches 64, 65, 66, ...)
// followed by random ones drawn from `seed`.
std::vector<HalfPattern> prediction_patterns(std::uint64_t seed);

// Shared-memory wavefronts of the pattern as 2-byte loads, by memlab::bank (the reference).
int model_wavefronts(const HalfPattern& pattern);

}  // namespace lab07
