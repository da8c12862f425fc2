// Lab 07 starter, CPU part: predict the shared-memory wavefronts of one warp instruction of
// 2-byte loads. This prediction carries over the float rule, where every element has a bank
// of its own; it is right for floats and wrong for halves. Fix it (see README.md).
#include "lab.h"

namespace {
constexpr int kWarpSize = 32;
constexpr int kBanks = 32;
}  // namespace

int predicted_wavefronts(const int half_index[32]) {
  // Float rule: element e sits in bank e % 32. Lanes that read the same element share it; a
  // bank serves one distinct element per wavefront, so the busiest bank sets the count.
  int elements_in_bank[kBanks][kWarpSize];
  int count[kBanks] = {};
  int wavefronts = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int element = half_index[lane];
    const int bank = element % kBanks;
    bool seen = false;
    for (int i = 0; i < count[bank]; ++i) seen = seen || elements_in_bank[bank][i] == element;
    if (!seen) elements_in_bank[bank][count[bank]++] = element;
    if (count[bank] > wavefronts) wavefronts = count[bank];
  }
  return wavefronts;
}
