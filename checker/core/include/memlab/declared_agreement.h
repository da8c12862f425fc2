#pragma once
// Is a value the student's code declares (lab 04's pitch, lab 05's swizzle(), lab 06's tree) the
// one its kernel uses? The bank model predicts the kernel's shared-memory wavefronts for the
// declared value; the hardware counters measure them. This is the band in which the two agree,
// and the verdict for a transpose tile, shared by the labs that declare one.
#include <string>

#include "memlab/tile_traffic.h"

namespace memlab {

// How far a measured wavefronts-per-access may lie from a prediction p and still agree:
// 0.25 + 0.05 p. On the H200, conflict-free kernels measure a little above 1 wavefront and the
// 32-way column reads a little above 32 (the mechanism checks of lab 04's padded tile, lab 05's
// swizzle and lab 06's tree in docs/results/h200/2026-12-02-8ce6114/solution/, and of the
// starters' 32-way tiles in .../starter/). The band is twice the largest excess at 1 and four
// times the largest at 32, and the bands of n and 2n ways never touch (at 1: 0.70-1.30, at 2:
// 1.65-2.35).
double declared_agreement_tolerance(double predicted);

struct DeclaredAgreement {
  bool ok = false;
  std::string text;  // the check's detail, pass or fail, in English and Chinese
};

// A tile of 4-byte elements used as the transpose labs use it: warps write rows and read
// columns, one element per lane. The model's mean wavefronts per row write (over the rows) and
// per column read (over the columns): per 32 elements, as MeasuredTileTraffic counts them.
struct TileTraffic {
  double store_wavefronts = 0;
  double load_wavefronts = 0;
};

// Agreement when the kernel moves every element through its tile (tile_use_problem) and both
// sides' wavefronts per 32 elements lie within the band of `predicted`. Judged on the work, not on
// instructions, so that neither wider accesses nor added ones change the verdict
// (memlab/tile_traffic.h).
//   declared        what was declared, for the text, in English and Chinese:
//                   "the pitch transpose_tile_pitch() declares (33)"
//   not_the_kernels the conclusion when they disagree, in English and Chinese:
//                   "the declared pitch is not the kernel's"
DeclaredAgreement judge_declared_tile(const std::string& declared, const std::string& not_the_kernels,
                                      const TileTraffic& predicted, const MeasuredTileTraffic& measured);

}  // namespace memlab
