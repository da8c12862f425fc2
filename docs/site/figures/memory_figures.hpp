// Two small figures computed from first principles, for the global-memory and occupancy pages:
//   sectors_svg        how a warp's 4-byte loads at a stride become 32-byte sectors (lab 01)
//   shared_steps_svg   how an SM's shared memory divides into blocks of a given size (lab 08)
#pragma once

#include "languages.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace memlab::site::figures {

inline constexpr int kSectorBytes = 32;

// One 32-byte sector a warp request touches, and how many lanes read from it.
struct SectorUse {
  std::uint64_t sector = 0;
  int lanes = 0;
};

// Lane i of a warp loads the 4-byte element i * stride_elems (from an aligned start).
std::vector<SectorUse> sectors_of_warp(int stride_elems);

// One row per stride: the sectors touched and the share of their bytes the lanes use.
std::string sectors_svg(const std::vector<int>& strides, Language language = Language::en);

struct SharedBlock {
  std::string name;        // in the figure's language
  std::int64_t bytes = 0;  // static + dynamic shared memory of one block
};

struct SharedLimits {
  std::int64_t per_sm = 0;    // shared memory an SM gives to blocks
  std::int64_t reserved = 0;  // kept by the driver for every resident block
  std::int64_t unit = 1;      // allocation granularity
};

// What one block occupies: its bytes plus the reservation, rounded up to the unit.
std::int64_t allocated_bytes(const SharedBlock& block, const SharedLimits& limits);

// One bar per block size: the SM's shared memory cut into as many blocks as fit.
std::string shared_steps_svg(const std::vector<SharedBlock>& blocks, const SharedLimits& limits,
                             const std::string& title, Language language = Language::en);

}  // namespace memlab::site::figures
