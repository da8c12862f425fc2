#pragma once
// Small pattern builders shared by the bank-model tests.
#include <functional>

#include "memlab/bank_model.h"
#include "memlab/bank_random.h"

namespace memlab::bank::test {

inline WarpAccess lanes_at(int width, const std::function<std::uint32_t(int)>& offset_of,
                           std::uint32_t mask = kAllLanes) {
  WarpAccess access;
  access.width_bytes = width;
  access.active_mask = mask;
  for (int lane = 0; lane < kWarpSize; ++lane) access.byte_address[lane] = offset_of(lane);
  return access;
}

// A random valid access: random width, offsets inside a window of `window_bytes` (small
// windows give many shared words and conflicts), random active lanes.
inline WarpAccess random_access(SplitMix64& rng, std::uint32_t window_bytes) {
  static constexpr int kWidths[] = {1, 2, 4, 8, 16};
  const int width = kWidths[rng.below(5)];
  const std::uint32_t slots = window_bytes / static_cast<std::uint32_t>(width);
  const std::uint32_t mask = rng.below(4) == 0 ? static_cast<std::uint32_t>(rng.next()) : kAllLanes;
  return lanes_at(
      width, [&](int) { return rng.below(slots) * static_cast<std::uint32_t>(width); }, mask);
}

}  // namespace memlab::bank::test
