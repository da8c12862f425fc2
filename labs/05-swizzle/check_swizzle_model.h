#pragma once
// The CPU proof of a tile layout: an index function (row, col) -> slot of a 32 x 32 tile
// (a slot is one element: a float, or a 16-byte vector) must keep every row a permutation of
// its own 32 slots, and the warps that touch one row or one column of the tile must take no
// more shared-memory wavefronts than the access width needs (the course's bank model says how
// many they take).
#include <functional>
#include <string>

#include <memlab/bank_patterns.h>

namespace lab05 {

inline constexpr int kTileDim = 32;

using TileIndex = std::function<int(int row, int col)>;

// Empty when row r of the tile maps its 32 columns onto exactly the slots 32r .. 32r+31 for
// every r; otherwise the first problem found (a slot outside the row, or two columns sharing one),
// in English and Chinese (memlab/bilingual.h).
std::string row_permutation_problem(const TileIndex& index);

// The most expensive of the 32 warps that access one row (lane i -> (r, i)) or one column
// (lane i -> (i, c)) of the tile, for elements of elem_bytes (4 or 16). Call only when
// row_permutation_problem() is empty: the slots must lie inside the tile.
struct WorstWarp {
  memlab::bank::TileRead read = memlab::bank::TileRead::row;
  int elem_bytes = 4;
  int index = 0;                  // the row or column that costs the most (the first such)
  int wavefronts = 0;             // what that warp costs
  int ideal = 1;                  // one per phase: 1 for 4-byte, 4 for 16-byte accesses
  int crowded_bank = 0;           // the bank holding the most distinct words in one phase,
  int words_in_crowded_bank = 0;  // and how many

  bool conflict_free() const { return wavefronts == ideal; }
  // "column 0 takes 32 wavefronts (4-byte accesses), ideal 1: in one phase, bank 0 holds 32 different words",
  // in English and Chinese (memlab/bilingual.h).
  std::string describe() const;
};

WorstWarp worst_warp(const TileIndex& index, memlab::bank::TileRead read, int elem_bytes);

// Empty when every index(r, c) lies inside the tile's 32 * 32 slots; otherwise the first one
// that does not, in English and Chinese. Weaker than row_permutation_problem(): enough for the
// bank model to price a layout's warps, not for the layout to keep every element.
std::string tile_range_problem(const TileIndex& index);

// The mean over the 32 warps that write one row (or read one column) of the tile: what the
// counters measure per instruction when a kernel writes each row and reads each column once.
// Call only when tile_range_problem() is empty.
double mean_wavefronts(const TileIndex& index, memlab::bank::TileRead read, int elem_bytes, memlab::bank::MemoryOp op);

}  // namespace lab05
