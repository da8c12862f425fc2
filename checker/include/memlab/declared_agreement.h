#pragma once
// Is a value the student's code declares (lab 04's pitch, lab 05's swizzle(), lab 06's tree) the
// one its kernel uses? The bank model predicts the kernel's shared-memory wavefronts per
// instruction for the declared value; the hardware counters measure them. This is the band in
// which the two agree, and the verdict for a transpose tile, shared by the labs that declare one.
#include <string>

namespace memlab {

// How far a measured wavefronts-per-instruction may lie from a prediction p and still agree:
// 0.25 + 0.05 p. On the H200, conflict-free kernels measure a little above 1 wavefront and the
// 32-way column reads a little above 32 (the mechanism checks of lab 04's padded tile, lab 05's
// swizzle and lab 06's tree in docs/results/h200/2026-12-02-8ce6114/solution/, and of the
// starters' 32-way tiles in .../starter/). The band is twice the largest excess at 1 and four
// times the largest at 32, and the bands of n and 2n ways never touch (at 1: 0.70-1.30, at 2:
// 1.65-2.35).
double declared_agreement_tolerance(double predicted);

struct DeclaredAgreement {
  bool ok = false;
  std::string text;  // the check's detail, pass or fail
};

// A 32 x 32 float tile used as the transpose labs use it: every shared store a warp writing one
// row, every shared load a warp reading one column, each once per tile. The model's mean
// wavefronts per store (over the 32 rows) and per load (over the 32 columns).
struct TileTraffic {
  double store_wavefronts = 0;
  double load_wavefronts = 0;
};

// What the counters measured over one transpose of an n x n matrix (n a multiple of 32).
struct MeasuredTileTraffic {
  int n = 0;
  double load_wavefronts = 0, load_instructions = 0;
  double store_wavefronts = 0, store_instructions = 0;
};

// Agreement when the kernel issues one shared store and one shared load per element (n * n / 32
// warp instructions each) and both per-instruction costs lie within the band of `predicted`.
//   declared        what was declared, for the text: "the pitch transpose_tile_pitch() declares (33)"
//   not_the_kernels the conclusion when they disagree: "the declared pitch is not the kernel's"
DeclaredAgreement judge_declared_tile(const std::string& declared, const std::string& not_the_kernels,
                                      const TileTraffic& predicted, const MeasuredTileTraffic& measured);

}  // namespace memlab
