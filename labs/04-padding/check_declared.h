#pragma once
// Lab 04: is the pitch transpose_tile_pitch() declares the one the kernel uses? The bank
// model's prediction of the tile's shared-memory traffic for a declared pitch, and the band
// inside which the hardware counters of the kernel agree with it. CPU only: check.cpp reads
// the counters and hands them to judge_declared_pitch().
#include <memlab/declared_agreement.h>

#include <string>

namespace lab04 {

// A tile of floats whose rows are `pitch` floats apart, used as the lab's kernel uses it: warps
// write rows (lane i -> tile[r][c0 + i]) and read columns (lane i -> tile[r0 + i][c]). Only the
// pitch matters to the banks: a 64 x 64 tile read 32 rows at a time costs what a 32 x 32 one
// does at the same pitch. The band of agreement is the checker's
// (memlab/declared_agreement.h).
using TileTraffic = memlab::TileTraffic;
using MeasuredTraffic = memlab::MeasuredTileTraffic;
using Agreement = memlab::DeclaredAgreement;
// pitch: within tile_fits's range.
TileTraffic predict_tile_traffic(int pitch);

// Agreement when the kernel moves every element through its tile and both sides' wavefronts per
// 32 elements lie within the band of the prediction for `declared_pitch`
// (memlab::judge_declared_tile).
Agreement judge_declared_pitch(int declared_pitch, const MeasuredTraffic& measured);

}  // namespace lab04
