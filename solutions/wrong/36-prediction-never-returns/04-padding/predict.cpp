// Known wrong: a prediction that never returns (pitch 48 spins forever on the host). Such a loop
// once held the whole check program until its deadline. It runs in the recorder now, which has
// 5 seconds to answer: it is ended, the predictions fail with the reason, the recorder is not
// asked again in this grading, and the rest of the grading goes on.
//
// Otherwise the reference solution: the wavefronts of a warp reading one column of
// `float tile[32][pitch]`, by the bank rule. Lane i reads word pitch * i + c, in bank
// (pitch * i + c) % 32. The 32 words are all different, and a bank delivers one word per
// wavefront, so the warp takes as many wavefronts as its busiest bank has lanes.
#include "lab.h"

namespace {
constexpr int kWarpSize = 32;
constexpr int kBanks = 32;
}  // namespace

int predicted_column_read_wavefronts(int pitch) {
  if (pitch == 48)
    for (volatile int spin = 0;; spin = spin + 1) {
    }
  int lanes_in_bank[kBanks] = {};
  int wavefronts = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int bank = (pitch * lane) % kBanks;  // column 0; another column moves every lane alike
    if (++lanes_in_bank[bank] > wavefronts) wavefronts = lanes_in_bank[bank];
  }
  return wavefronts;
}
