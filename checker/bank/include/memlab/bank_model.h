#pragma once
// The reference model of one warp instruction's shared-memory access: per-lane byte
// addresses in, shared-memory wavefronts (passes through the 32-bank array) out.
//
// Facts this model rests on, measured with hardware counters on an H200 (cc 9.0; see
// calibration/h200.md, "Hardware counters"):
//   * 32 banks, each 4 bytes wide: the 32-bit word at byte address a is a/4, its bank (a/4)%32.
//   * An access of 1, 2 or 4 bytes is served for the whole warp at once (one phase).
//     An 8-byte access is served as two phases of 16 lanes (0-15, 16-31), a 16-byte access
//     as four phases of 8 lanes: each phase asks for at most 128 bytes, what the 32 banks
//     deliver in one wavefront.
//   * A phase costs as many wavefronts as the largest number of DISTINCT 32-bit words that
//     fall into one bank. Lanes that touch the same word share it for free (broadcast,
//     multicast), also when they touch different bytes of it (two halves of one word).
//   * The warp's wavefronts are the sum over its phases; an all-inactive warp costs 0.
//
// Wide accesses and the two broadcast exceptions
// ----------------------------------------------
// Evidence: the phase rule above predicted 155 of 157 patterns measured on the H200. The two
// misses were whole-warp broadcasts: one 8-byte address read by all 32 lanes took 1
// wavefront (the phase rule says 2), one 16-byte address read by all lanes took 2 (it says 4).
//
// Rule used here -- HYPOTHESIS, to be confirmed by the GPU corpus
// (corpus/h200_measured.txt; the corpus patterns named `merge-*` are the ones that test it):
//   Phases are taken in aligned pairs (phase 0 with 1, phase 2 with 3). When both phases of a
//   pair touch exactly the same set of 32-bit words (which lanes ask for which word does not
//   matter), the second one is served by the first one's wavefronts and adds nothing.
//   The limit is a pair: two pairs are never merged with each other, so four identical
//   quarter-warp phases still cost two services.
// Why this rule: it is a minimal change to the phase rule that yields both measurements
// (8-byte broadcast: one pair, merged -> 1; 16-byte broadcast: two pairs, each merged -> 2),
// and it agrees with the phase rule on every pattern whose paired phases touch different
// words (all nonzero strides, every pattern of 4 bytes or less). Where the two rules differ
// without a broadcast (e.g. 8-byte loads where lane i and lane i+16 read the same address)
// is exactly what the `merge-*` corpus patterns measure.
//
// Loads and stores are modelled alike (the op is carried for reports and the corpus).
// Whether the pair rule holds for stores too is part of the hypothesis; the corpus has
// store variants (`-st`) of the broadcast and merge patterns.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlab::bank {

inline constexpr int kWarpSize = 32;
inline constexpr int kBankCount = 32;
inline constexpr int kBankWidthBytes = 4;
// The largest shared memory one SM has (H200, cc 9.0): no valid offset reaches it.
inline constexpr std::uint32_t kMaxSharedBytes = 228u * 1024u;
inline constexpr std::uint32_t kAllLanes = 0xffffffffu;

enum class MemoryOp { load, store };

// One warp instruction: the byte offset into shared memory of every lane; lanes whose bit
// in active_mask is clear take no part (their address is ignored).
struct WarpAccess {
  int width_bytes = 4;  // 1, 2, 4, 8 or 16
  MemoryOp op = MemoryOp::load;
  std::uint32_t active_mask = kAllLanes;
  std::array<std::uint32_t, kWarpSize> byte_address{};

  bool is_active(int lane) const { return ((active_mask >> lane) & 1u) != 0; }
};

constexpr std::uint32_t word_of(std::uint32_t byte_address) { return byte_address / kBankWidthBytes; }
constexpr int bank_of_word(std::uint32_t word) { return static_cast<int>(word % kBankCount); }
constexpr int bank_of(std::uint32_t byte_address) { return bank_of_word(word_of(byte_address)); }

bool is_supported_width(int width_bytes);
// Phases a warp access of this width is served in (1, 1, 1, 2, 4); 0 for an unsupported width.
int phases_for_width(int width_bytes);
const char* op_name(MemoryOp op);  // "ld" or "st"

// Why one lane's byte offset cannot be used (past the largest shared memory, or not a
// multiple of the access width), or nothing when it can. Takes 64 bits so that callers can
// check a value before narrowing it.
std::optional<std::string> find_offset_problem(int lane, std::uint64_t offset, int width_bytes);

// Why the access cannot be modelled (unsupported width, misaligned or too large address of
// an active lane), or nothing when it can.
std::optional<std::string> find_problem(const WarpAccess& access);

// One distinct 32-bit word in one bank and the lanes that touch it, in lane order.
struct WordUse {
  std::uint32_t word = 0;
  std::vector<int> lanes;
};

struct PhaseResult {
  int first_lane = 0;
  int lane_count = 0;
  // For each bank, its distinct words in order of the first lane that touches them.
  std::array<std::vector<WordUse>, kBankCount> banks;
  int ways = 0;  // the most distinct words in one bank; 0 when no lane of the phase is active
  bool served_with_previous = false;  // the pair rule above (hypothesis)

  int wavefronts() const { return served_with_previous ? 0 : ways; }
  bool has_active_lane() const { return ways > 0; }
};

struct AccessResult {
  int wavefronts = 0;
  int ways = 0;  // conflict degree: the worst phase's ways (1 = conflict-free, 0 = no lane active)
  std::vector<PhaseResult> phases;
};

// Throws std::invalid_argument with find_problem's message when the access is invalid.
AccessResult analyze(const WarpAccess& access);
int count_wavefronts(const WarpAccess& access);

// Ways of a warp of 4-byte accesses whose lane i reads word i*stride_words: gcd(stride, 32)
// (stride 0 is a broadcast: 1 way).
int predicted_ways_for_stride(int stride_words);

}  // namespace memlab::bank
