#pragma once
// The shared-memory traffic of a transpose through a shared tile, measured against the work.
//
// Every element of an n x n transpose is stored into the tile once and loaded from it once, so
// the problem fixes the work: n * n elements each way. The checks divide the counted wavefronts
// by that work (per 32 elements, one warp's worth at one element per lane), never by the counted
// instructions: a kernel could add cheap conflict-free accesses (broadcasts) that lower a
// wavefronts-per-instruction ratio while its tile keeps the conflict, but an added access can only
// add wavefronts. And the work does not depend on how wide the accesses are: a conflict-free warp
// access moves 128 bytes per wavefront whether each lane moves 4 bytes or 16.
#include <string>

namespace memlab {

struct MeasuredTileTraffic {
  int n = 0;              // the matrix is n x n elements
  int element_bytes = 4;  // 4 for float, 2 for half, 16 for float4
  double load_wavefronts = 0, load_instructions = 0;
  double store_wavefronts = 0, store_instructions = 0;

  double elements() const { return double(n) * n; }
  // Wavefronts per 32 elements: 1 when a warp moves one 4-byte element per lane without a
  // conflict, n for an n-way conflict; 0.5 for halves moved two per lane; 4 for float4.
  double loads_per_warp() const { return load_wavefronts / (elements() / 32); }
  double stores_per_warp() const { return store_wavefronts / (elements() / 32); }
  // The fewest wavefronts per 32 elements that can move them: 128 bytes per wavefront.
  double least_per_warp() const { return element_bytes * 32 / 128.0; }
};

// Why the counted traffic cannot be a tile that every element passes through (fewer wavefronts
// on a side than its bytes need at 128 bytes each, with a 5 % allowance), in English and Chinese;
// empty when it can.
std::string tile_use_problem(const MeasuredTileTraffic& m);

// Both sides per 32 elements, with the counts they come from, in English and Chinese.
std::string tile_traffic_text(const MeasuredTileTraffic& m);

// The value the tile's mechanism checks grade: the worse side, loads or stores, in wavefronts per
// 32 elements. A conflict moved from the column reads into the row writes still shows.
inline double worse_side_per_warp(const MeasuredTileTraffic& m) {
  return m.loads_per_warp() > m.stores_per_warp() ? m.loads_per_warp() : m.stores_per_warp();
}

}  // namespace memlab
