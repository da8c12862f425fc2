// Lab 02 starter: predict how many shared-memory wavefronts one warp instruction takes.
//
// This first version is deliberately naive: it assumes a bank serves one LANE per wavefront.
// Run the checks (ctest) and read the first mismatch they print; then build the real model
// in four steps, one check each (README.md explains every rule):
//
//   step 1 (step1_4byte_broadcast)  a bank serves one 32-bit WORD per wavefront, to every lane
//                                   that asked for it: a warp reading one word costs 1
//   step 2 (step2_multicast)        the same for any group of lanes that share a word: count
//                                   the DISTINCT words of each bank
//   step 3 (step3_narrow)           1- and 2-byte accesses: lanes on different bytes of one
//                                   word share that word
//   step 4 (step4_wide)             8- and 16-byte accesses: phases of 16 or 8 lanes, each lane
//                                   covering 2 or 4 words, and the whole-warp broadcast
//
// Only predicted_wavefronts() is graded; add helpers as you like (std:: containers are fine).
#include "lab.h"

namespace {

constexpr int kWarpSize = 32;
constexpr int kBanks = 32;     // shared memory has 32 banks ...
constexpr int kBankBytes = 4;  // ... each 4 bytes wide: one 32-bit word per bank per wavefront

// The 32-bit word that holds a byte, and the bank that word lives in.
unsigned word_of(unsigned byte_address) { return byte_address / kBankBytes; }
int bank_of(unsigned byte_address) { return static_cast<int>(word_of(byte_address) % kBanks); }

bool is_active(const WarpAccess& access, int lane) { return ((access.active_mask >> lane) & 1u) != 0; }

}  // namespace

int predicted_wavefronts(const WarpAccess& access) {
  // Naive: every active lane costs its bank one pass, so the busiest bank sets the count.
  // TODO(step 1, step 2): a bank delivers one WORD per pass, to all lanes that want it.
  // TODO(step 3): check that narrow lanes are counted by their word, not their byte.
  // TODO(step 4): 8 and 16 bytes: split the warp into phases and add up their wavefronts.
  int lanes_in_bank[kBanks] = {};
  int wavefronts = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (!is_active(access, lane)) continue;
    const int bank = bank_of(access.byte_address[lane]);
    ++lanes_in_bank[bank];
    if (lanes_in_bank[bank] > wavefronts) wavefronts = lanes_in_bank[bank];
  }
  return wavefronts;
}
