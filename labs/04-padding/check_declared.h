#pragma once
// Lab 04: is the pitch transpose_tile_pitch() declares the one the kernel uses? The bank
// model's prediction of the tile's shared-memory traffic for a declared pitch, and the band
// inside which the hardware counters of the kernel agree with it. CPU only: check.cu reads
// the counters and hands them to judge_declared_pitch().
#include <string>

namespace lab04 {

// A 32 x 32 tile of floats whose rows are `pitch` floats apart, used as the lab's kernel uses
// it: every shared store is a warp writing one row (lane i -> tile[r][i]), every shared load
// a warp reading one column (lane i -> tile[i][c]), each row and each column once per tile.
// So the counters' wavefronts per instruction are the bank model's mean over the 32 rows
// (stores) and over the 32 columns (loads).
struct TileTraffic {
  double store_wavefronts = 0;  // per shared store instruction
  double load_wavefronts = 0;   // per shared load instruction
};
// pitch: 32..64 (tile_fits).
TileTraffic predict_tile_traffic(int pitch);

// How far a measured wavefronts-per-instruction may lie from a prediction p and still agree:
// 0.25 + 0.05 p. On the H200 conflict-free kernels measure 0.02-0.11 above 1 (1.109 for the
// padded tile here), the 32-way column reads 32.19-32.43 (0.6-1.3 % above 32); the band is
// twice the first at 1 and four times the second at 32, and the bands of n and 2n ways never
// touch (at 1: 0.70-1.30, at 2: 1.65-2.35).
double agreement_tolerance(double predicted);

// What the counters measured over one transpose of an n x n matrix (n a multiple of 32).
struct MeasuredTraffic {
  int n = 0;
  double load_wavefronts = 0, load_instructions = 0;
  double store_wavefronts = 0, store_instructions = 0;
};

struct Agreement {
  bool ok = false;
  std::string text;  // the check's detail, pass or fail
};

// Agreement when the kernel issues one shared store and one shared load per element
// (n * n / 32 warp instructions each) and both per-instruction costs lie within the band of
// the prediction for `declared_pitch`.
Agreement judge_declared_pitch(int declared_pitch, const MeasuredTraffic& measured);

}  // namespace lab04
