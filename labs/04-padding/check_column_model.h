#pragma once
// Lab 04: what the course's bank model says a warp's column read of the 32-row float tile
// costs at a given pitch. Both the grade of the student's tile (column_read_conflict_free_model)
// and the grade of the student's predictions (predictions_match_bank_model) ask it here, so the
// two can never disagree about the same pitch. CPU only.
#include <array>

namespace lab04 {

// The pitches the "Predict first" step asks about (lab.h, README.md): the starter's 32, the
// fix 33, and two pads that look harmless but are not conflict-free.
inline constexpr std::array<int, 4> kPredictedPitches = {32, 33, 34, 48};

// Wavefronts of the most expensive column read (lane i -> tile[i][c], c = 0..31) of a
// 32 x 32 float tile whose rows are `pitch` floats apart, by memlab::bank. pitch >= 32.
int model_column_read_wavefronts(int pitch);

}  // namespace lab04
