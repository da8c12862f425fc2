// Lab 07 reference solution, CPU part: banks are 4 bytes wide, so a 2-byte element is half a
// bank word. Two halves of one word are one word to the bank: lanes that read them share it.
#include "lab.h"

namespace {
constexpr int kWarpSize = 32;
constexpr int kBanks = 32;
}  // namespace

int predicted_wavefronts(const int half_index[32]) {
  // Element e is bytes 2e..2e+1: word 2e / 4 = e / 2, bank (e / 2) % 32. A bank serves one
  // distinct WORD per wavefront, so the busiest bank's count of distinct words is the answer.
  int words_in_bank[kBanks][kWarpSize];
  int count[kBanks] = {};
  int wavefronts = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int word = half_index[lane] / 2;
    const int bank = word % kBanks;
    bool seen = false;
    for (int i = 0; i < count[bank]; ++i) seen = seen || words_in_bank[bank][i] == word;
    if (!seen) words_in_bank[bank][count[bank]++] = word;
    if (count[bank] > wavefronts) wavefronts = count[bank];
  }
  return wavefronts;
}
