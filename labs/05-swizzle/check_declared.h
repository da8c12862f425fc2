#pragma once
// Lab 05: is the swizzle() the checker proves on the CPU the one the kernel uses? The bank
// model's prediction of the tile's shared-memory traffic for the declared swizzle(), and the
// band inside which the hardware counters of the kernel agree with it. CPU only: check.cpp
// reads the counters and hands them to judge_declared_swizzle().
#include <memlab/declared_agreement.h>

#include <string>

#include "check_swizzle_model.h"

namespace lab05 {

// The 32 x 32 float tile used as the lab's kernel uses it: every shared store is a warp writing
// one row (lane i -> swizzle(r, i)), every shared load a warp reading one column (lane i ->
// swizzle(i, c)). The band of agreement is the checker's (memlab/declared_agreement.h).
using TileTraffic = memlab::TileTraffic;
using MeasuredTraffic = memlab::MeasuredTileTraffic;
using Agreement = memlab::DeclaredAgreement;
// Call only when tile_range_problem(index) is empty.
TileTraffic predict_tile_traffic(const TileIndex& index);

// Agreement when the kernel issues one shared store and one shared load per element
// (n * n / 32 warp instructions each) and both per-instruction costs lie within the band of
// the prediction for the declared layout `index`.
Agreement judge_declared_swizzle(const TileIndex& index, const MeasuredTraffic& measured);

}  // namespace lab05
