// Lab 02 reference solution: the shared-memory bank model.
//
// A warp instruction is served in phases: the whole warp for 1-, 2- and 4-byte accesses,
// 2 phases of 16 lanes for 8 bytes, 4 phases of 8 lanes for 16 bytes (a phase asks for at
// most 128 bytes, one pass of the 32 four-byte banks). A phase costs as many wavefronts as
// the most DISTINCT 32-bit words one bank must deliver; lanes sharing a word share its
// delivery. The phases add up. One measured exception: a load in which all 32 lanes read one
// 8- or 16-byte address takes 1 or 2 wavefronts on the H200, not 2 or 4.
#include <algorithm>
#include <vector>

#include "lab.h"

namespace {

constexpr int kWarpSize = 32;
constexpr int kBanks = 32;     // shared memory has 32 banks ...
constexpr int kBankBytes = 4;  // ... each 4 bytes wide: one 32-bit word per bank per wavefront

// The 32-bit word that holds a byte, and the bank that word lives in.
unsigned word_of(unsigned byte_address) { return byte_address / kBankBytes; }
int bank_of_word(unsigned word) { return static_cast<int>(word % kBanks); }

bool is_active(const WarpAccess& access, int lane) { return ((access.active_mask >> lane) & 1u) != 0; }

// 1, 2, 4 bytes: one phase; 8 bytes: two; 16 bytes: four (each phase at most 128 bytes).
int phases_for_width(int width_bytes) { return width_bytes <= kBankBytes ? 1 : width_bytes / kBankBytes; }

// The wavefronts of lanes [first, first + count): the most distinct words in one bank. A lane
// of 8 or 16 bytes covers 2 or 4 consecutive words; a narrow lane lies inside one word.
int phase_wavefronts(const WarpAccess& access, int first, int count) {
  const unsigned words_per_lane = static_cast<unsigned>(std::max(1, access.width_bytes / kBankBytes));
  std::vector<unsigned> words;
  for (int lane = first; lane < first + count; ++lane) {
    if (!is_active(access, lane)) continue;
    for (unsigned k = 0; k < words_per_lane; ++k) words.push_back(word_of(access.byte_address[lane]) + k);
  }
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());  // shared words count once
  int words_in_bank[kBanks] = {};
  int wavefronts = 0;
  for (unsigned word : words) wavefronts = std::max(wavefronts, ++words_in_bank[bank_of_word(word)]);
  return wavefronts;
}

// All 32 lanes load the same address (the course's H200 measured 8 bytes: 1, 16 bytes: 2).
bool is_whole_warp_broadcast_load(const WarpAccess& access) {
  if (access.is_store || access.active_mask != 0xffffffffu) return false;
  for (int lane = 1; lane < kWarpSize; ++lane)
    if (access.byte_address[lane] != access.byte_address[0]) return false;
  return true;
}

}  // namespace

int predicted_wavefronts(const WarpAccess& access) {
  const int phases = phases_for_width(access.width_bytes);
  if (phases > 1 && is_whole_warp_broadcast_load(access)) return phases / 2;
  const int lanes_per_phase = kWarpSize / phases;
  int wavefronts = 0;
  for (int p = 0; p < phases; ++p) wavefronts += phase_wavefronts(access, p * lanes_per_phase, lanes_per_phase);
  return wavefronts;
}
