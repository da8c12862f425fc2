// Lab 04 reference solution, predict first: the wavefronts of a warp reading one column of
// `float tile[32][pitch]`, by the bank rule. Lane i reads word pitch * i + c, in bank
// (pitch * i + c) % 32. The 32 words are all different, and a bank delivers one word per
// wavefront, so the warp takes as many wavefronts as its busiest bank has lanes.
#include "lab.h"

namespace {
constexpr int kWarpSize = 32;
constexpr int kBanks = 32;
}  // namespace

int predicted_column_read_wavefronts(int pitch) {
  int lanes_in_bank[kBanks] = {};
  int wavefronts = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int bank = (pitch * lane) % kBanks;  // column 0; another column moves every lane alike
    if (++lanes_in_bank[bank] > wavefronts) wavefronts = lanes_in_bank[bank];
  }
  return wavefronts;
}
