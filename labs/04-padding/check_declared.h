#pragma once
// Lab 04: is the pitch transpose_tile_pitch() declares the one the kernel uses? The bank
// model's prediction of the tile's shared-memory traffic for a declared pitch, and the band
// inside which the hardware counters of the kernel agree with it. CPU only: check.cu reads
// the counters and hands them to judge_declared_pitch().
#include <memlab/declared_agreement.h>

#include <string>

namespace lab04 {

// A 32 x 32 tile of floats whose rows are `pitch` floats apart, used as the lab's kernel uses
// it: every shared store is a warp writing one row (lane i -> tile[r][i]), every shared load a
// warp reading one column (lane i -> tile[i][c]). The band of agreement is the checker's
// (memlab/declared_agreement.h).
using TileTraffic = memlab::TileTraffic;
using MeasuredTraffic = memlab::MeasuredTileTraffic;
using Agreement = memlab::DeclaredAgreement;
// pitch: 32..64 (tile_fits).
TileTraffic predict_tile_traffic(int pitch);

// Agreement when the kernel issues one shared store and one shared load per element
// (n * n / 32 warp instructions each) and both per-instruction costs lie within the band of
// the prediction for `declared_pitch`.
Agreement judge_declared_pitch(int declared_pitch, const MeasuredTraffic& measured);

}  // namespace lab04
