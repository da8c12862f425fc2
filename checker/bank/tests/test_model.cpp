// The bank model: hand-checked cases, then properties over many random patterns.
#include <doctest/doctest.h>

#include <algorithm>
#include <bitset>
#include <map>
#include <set>
#include <stdexcept>

#include "memlab/bank_model.h"
#include "memlab/bank_patterns.h"
#include "test_patterns_util.h"

namespace memlab::bank {
namespace {

using test::lanes_at;

int wavefronts_of_stride(int elem_bytes, int stride) { return count_wavefronts(stride_access(elem_bytes, stride)); }

TEST_SUITE("model") {
  TEST_CASE("bank of an address: 32 banks of 4 bytes") {
    CHECK(bank_of(0) == 0);
    CHECK(bank_of(3) == 0);
    CHECK(bank_of(4) == 1);
    CHECK(bank_of(124) == 31);
    CHECK(bank_of(128) == 0);
    CHECK(bank_of(132 + 2) == 1);
  }

  TEST_CASE("4-byte strides: wavefronts equal the gcd rule's ways") {
    CHECK(wavefronts_of_stride(4, 1) == 1);
    CHECK(wavefronts_of_stride(4, 2) == 2);
    CHECK(wavefronts_of_stride(4, 32) == 32);
    CHECK(wavefronts_of_stride(4, 33) == 1);
    for (int stride = 0; stride <= 130; ++stride) {
      CAPTURE(stride);
      const AccessResult result = analyze(stride_access(4, stride));
      CHECK(result.wavefronts == predicted_ways_for_stride(stride));
      CHECK(result.ways == predicted_ways_for_stride(stride));
    }
  }

  TEST_CASE("predicted_ways_for_stride") {
    CHECK(predicted_ways_for_stride(0) == 1);
    CHECK(predicted_ways_for_stride(1) == 1);
    CHECK(predicted_ways_for_stride(6) == 2);
    CHECK(predicted_ways_for_stride(12) == 4);
    CHECK(predicted_ways_for_stride(24) == 8);
    CHECK(predicted_ways_for_stride(64) == 32);
    CHECK(predicted_ways_for_stride(-2) == 2);
  }

  TEST_CASE("2-byte elements: two lanes in one word do not conflict") {
    CHECK(wavefronts_of_stride(2, 1) == 1);  // half: lanes 2k, 2k+1 share word k
    CHECK(wavefronts_of_stride(4, 1) == 1);  // half2: one word per lane
    CHECK(wavefronts_of_stride(2, 2) == 1);
    CHECK(wavefronts_of_stride(2, 4) == 2);    // calibration: stride 4 halves is 2-way
    CHECK(wavefronts_of_stride(2, 64) == 32);  // and stride 64 is 32-way
    CHECK(wavefronts_of_stride(1, 1) == 1);
    CHECK(wavefronts_of_stride(1, 128) == 32);
  }

  TEST_CASE("8- and 16-byte accesses are served in 2 and 4 phases") {
    const AccessResult doubles = analyze(stride_access(8, 1));
    CHECK(doubles.wavefronts == 2);
    CHECK(doubles.ways == 1);
    REQUIRE(doubles.phases.size() == 2);
    CHECK(doubles.phases[1].first_lane == 16);
    CHECK(analyze(stride_access(16, 1)).wavefronts == 4);
    CHECK(analyze(stride_access(16, 1)).phases.size() == 4);
    CHECK(wavefronts_of_stride(8, 2) == 4);  // lanes i and i+8 of a half share banks
    CHECK(wavefronts_of_stride(8, 16) == 32);
    CHECK(wavefronts_of_stride(16, 2) == 8);
  }

  TEST_CASE("broadcast and multicast are free") {
    CHECK(count_wavefronts(lanes_at(4, [](int) { return 4u; })) == 1);
    CHECK(count_wavefronts(lanes_at(1, [](int) { return 7u; })) == 1);
    CHECK(count_wavefronts(lanes_at(4, [](int lane) { return std::uint32_t(lane / 4 * 4); })) == 1);
    // Groups of 4 lanes share a word; the 8 groups' words are 128 bytes apart: bank 0, 8 ways.
    const AccessResult groups = analyze(lanes_at(4, [](int lane) { return std::uint32_t(lane / 4 * 128); }));
    CHECK(groups.wavefronts == 8);
    REQUIRE(groups.phases[0].banks[0].size() == 8);
    CHECK(groups.phases[0].banks[0][1].lanes == std::vector<int>{4, 5, 6, 7});
  }

  // The byte offset of element `index` of an array of `width`-byte elements.
  std::uint32_t element(int width, int index) { return static_cast<std::uint32_t>(width * index); }

  TEST_CASE("pair rule, partner lane^1: lanes 2k and 2k+1 agree") {
    // Lane pairs read consecutive doubles: 16 doubles, 128 bytes, served as one phase.
    const AccessResult pairs = analyze(lanes_at(8, [](int lane) { return element(8, lane / 2); }));
    CHECK(pairs.wavefronts == 1);  // measured: multicast-w8-group2-adjacent
    CHECK(pairs.phases[0].served_with_next);
    CHECK(pairs.phases[0].pair_ways == 1);
    CHECK(pairs.phases[1].served_with_previous);
    // Each half broadcasts its own double.
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return element(8, lane / 16); })) == 1);
    // 16 bytes: one pass per pair of quarters, and the two pairs never merge.
    CHECK(count_wavefronts(lanes_at(16, [](int lane) { return element(16, lane / 2); })) == 2);
  }

  TEST_CASE("pair rule, partner lane^2: lanes 4k+j and 4k+j+2 agree") {
    // All even lanes on one double, all odd lanes on another (measured: merge-w8-two-addresses).
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return element(8, lane % 2); })) == 1);
    CHECK(count_wavefronts(lanes_at(16, [](int lane) { return element(16, lane % 2); })) == 2);
    // The two doubles 128 bytes apart share banks 0-1: one phase with a 2-way conflict.
    const AccessResult same_bank = analyze(lanes_at(8, [](int lane) { return std::uint32_t(lane % 2 * 128); }));
    CHECK(same_bank.wavefronts == 2);  // measured; the phase sum would be 4
    CHECK(same_bank.ways == 2);
    // lane^2 without lane^4 (each quad its own two doubles): measured 1 in
    // probe-w8-b-quads-rows and probe-w8-b-quads-same-halves (corpus/h200_pair_rule_measured.txt).
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return element(8, lane % 2 + lane / 4 * 2); })) == 1);
  }

  TEST_CASE("pair rule: broadcasts, and pairs never merge with each other") {
    const AccessResult double_broadcast = analyze(lanes_at(8, [](int) { return 64u; }));
    CHECK(double_broadcast.wavefronts == 1);  // the phase sum would be 2
    CHECK(double_broadcast.phases[1].served_with_previous);
    const AccessResult vec4_broadcast = analyze(lanes_at(16, [](int) { return 64u; }));
    CHECK(vec4_broadcast.wavefronts == 2);  // the phase sum would be 4
    CHECK(vec4_broadcast.phases[0].served_with_next);
    CHECK(vec4_broadcast.phases[1].served_with_previous);
    CHECK(vec4_broadcast.phases[2].served_with_next);
    CHECK(vec4_broadcast.phases[3].served_with_previous);
    // Quarters 1 and 2 identical: they belong to two pairs.
    CHECK(count_wavefronts(
              lanes_at(16, [](int lane) { return element(16, lane >= 8 && lane < 24 ? lane % 8 + 64 : lane); })) == 4);
    // A broadcast in one half only: nothing to merge with.
    const AccessResult lower = analyze(lanes_at(
        8, [](int) { return 0u; }, 0x0000ffffu));
    CHECK(lower.wavefronts == 1);
    CHECK_FALSE(lower.phases[0].served_with_next);
  }

  TEST_CASE("pair rule: no other repetition merges") {
    // Lane i and i+16 read the same double (partner lane^16): two passes.
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return element(8, lane % 16); })) == 2);
    // Partners lane^4 and lane^8.
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return element(8, lane % 4); })) == 2);
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return element(8, lane % 8); })) == 2);
    CHECK(count_wavefronts(lanes_at(16, [](int lane) { return element(16, lane % 4); })) == 4);
    // A broadcast but for lane 31.
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return element(8, lane == 31 ? 1 : 0); })) == 2);
    // Quarters 0 and 1 touch different banks, but no partner agrees: not merged
    // (measured: inactive-random-mask-w16-s1-0).
    CHECK(count_wavefronts(lanes_at(
              16, [](int lane) { return element(16, lane); }, 0x00005da0u)) == 2);
    // Each half has a 2-way conflict in its own 16 banks: one phase would cost 2, but without
    // a partner the pair costs the sum (as the measured random-w8-wide-* patterns do).
    const AccessResult own_banks =
        analyze(lanes_at(8, [](int lane) { return element(8, lane % 8 + lane / 16 * 8 + lane / 8 % 2 * 16); }));
    CHECK(own_banks.phases[0].ways == 2);
    CHECK(own_banks.phases[1].ways == 2);
    CHECK(own_banks.wavefronts == 4);
  }

  TEST_CASE("pair rule: an inactive partner does not block") {
    // Lanes 0 and 16 only, one double (measured: merge-w8-broadcast-two-lanes).
    CHECK(count_wavefronts(lanes_at(
              8, [](int) { return 0u; }, 0x00010001u)) == 1);
    // Even lanes only, each its own double: partner lane^1 is inactive everywhere (measured 1:
    // probe-w8-a-even-lanes-only in corpus/h200_pair_rule_measured.txt).
    CHECK(count_wavefronts(lanes_at(
              8, [](int lane) { return element(8, lane / 2); }, 0x55555555u)) == 1);
  }

  TEST_CASE("pair rule: stores are never merged") {
    CHECK(count_wavefronts(stride_access(8, 0, MemoryOp::store)) == 2);
    CHECK(count_wavefronts(stride_access(16, 0, MemoryOp::store)) == 4);
    WarpAccess pairs = lanes_at(8, [](int lane) { return element(8, lane / 2); });
    pairs.op = MemoryOp::store;
    const AccessResult stored = analyze(pairs);
    CHECK(stored.wavefronts == 2);
    CHECK_FALSE(stored.phases[1].served_with_previous);
  }

  TEST_CASE("inactive lanes") {
    const AccessResult none = analyze(lanes_at(
        4, [](int lane) { return std::uint32_t(lane * 4); }, 0));
    CHECK(none.wavefronts == 0);
    CHECK(none.ways == 0);
    CHECK(count_wavefronts(lanes_at(
              16, [](int) { return 0u; }, 0)) == 0);
    CHECK(count_wavefronts(lanes_at(
              4, [](int lane) { return std::uint32_t(lane * 128); }, 1u << 9)) == 1);
    // Stride 32 with only even lanes: 16 ways instead of 32.
    CHECK(count_wavefronts(lanes_at(
              4, [](int lane) { return std::uint32_t(lane * 128); }, 0x55555555u)) == 16);
    // An inactive lane's address is ignored, even a misaligned or huge one.
    WarpAccess access = stride_access(4, 1);
    access.byte_address[3] = 0xffffffffu;
    access.active_mask &= ~(1u << 3);
    CHECK(count_wavefronts(access) == 1);
    // 8-byte, only the upper half active: one phase of work.
    CHECK(count_wavefronts(lanes_at(
              8, [](int lane) { return std::uint32_t(lane * 8); }, 0xffff0000u)) == 1);
  }

  TEST_CASE("invalid accesses are refused with a reason") {
    WarpAccess access = stride_access(4, 1);
    access.width_bytes = 3;
    CHECK(find_problem(access).value_or("").find("width 3") != std::string::npos);
    CHECK_THROWS_AS(analyze(access), std::invalid_argument);
    access = stride_access(8, 1);
    access.byte_address[2] = 20;
    CHECK(find_problem(access).value_or("").find("misaligned") != std::string::npos);
    access = stride_access(4, 1);
    access.byte_address[31] = kMaxSharedBytes;
    CHECK(find_problem(access).value_or("").find("beyond") != std::string::npos);
    access.byte_address[31] = kMaxSharedBytes - 4;
    CHECK_FALSE(find_problem(access).has_value());
  }

  TEST_CASE("the per-bank table accounts for every word of every active lane") {
    SplitMix64 rng(7);
    for (int trial = 0; trial < 2000; ++trial) {
      const WarpAccess access = test::random_access(rng, trial % 2 ? 512 : 8192);
      const AccessResult result = analyze(access);
      const int words_per_lane = std::max(1, access.width_bytes / 4);
      std::map<int, int> entries_of_lane;
      for (const PhaseResult& phase : result.phases)
        for (int bank = 0; bank < kBankCount; ++bank) {
          std::set<std::uint32_t> words;
          for (const WordUse& use : phase.banks[bank]) {
            CHECK(bank_of_word(use.word) == bank);
            CHECK(words.insert(use.word).second);
            CHECK(std::is_sorted(use.lanes.begin(), use.lanes.end()));
            for (int lane : use.lanes) {
              CHECK(lane >= phase.first_lane);
              CHECK(lane < phase.first_lane + phase.lane_count);
              ++entries_of_lane[lane];
            }
          }
        }
      for (int lane = 0; lane < kWarpSize; ++lane)
        CHECK(entries_of_lane[lane] == (access.is_active(lane) ? words_per_lane : 0));
    }
  }

  // The same rules written plainly with standard containers, as a cross-check of analyze().
  // The cost of serving lanes [first, first + count) as one phase: the most distinct words in a bank.
  int reference_cost(const WarpAccess& access, int first, int count) {
    std::map<int, std::set<std::uint32_t>> bank_words;
    for (int lane = first; lane < first + count; ++lane) {
      if (!access.is_active(lane)) continue;
      for (std::uint32_t byte = 0; byte < std::uint32_t(access.width_bytes); byte += 4) {
        const std::uint32_t word = (access.byte_address[lane] + byte) / 4;
        bank_words[int(word % 32)].insert(word);
      }
    }
    int cost = 0;
    for (const auto& [bank, words] : bank_words) cost = std::max(cost, int(words.size()));
    return cost;
  }

  // Do the lanes {lane, lane ^ partner_xor} read one address among their active members?
  bool reference_partners_agree(const WarpAccess& access, int first, int count, int partner_xor) {
    std::map<int, std::set<std::uint32_t>> addresses_of_group;  // group: the lower lane of the two
    for (int lane = first; lane < first + count; ++lane)
      if (access.is_active(lane))
        addresses_of_group[std::min(lane, lane ^ partner_xor)].insert(access.byte_address[lane]);
    return std::all_of(addresses_of_group.begin(), addresses_of_group.end(),
                       [](const auto& group) { return group.second.size() == 1; });
  }

  int reference_wavefronts(const WarpAccess& access) {
    const int phases = phases_for_width(access.width_bytes);
    const int lanes = kWarpSize / phases;
    if (phases == 1) return reference_cost(access, 0, kWarpSize);
    int total = 0;
    for (int first = 0; first < kWarpSize; first += 2 * lanes) {  // each pair of phases
      const int a = reference_cost(access, first, lanes);
      const int b = reference_cost(access, first + lanes, lanes);
      const bool one_phase = access.op == MemoryOp::load && a > 0 && b > 0 &&
                             (reference_partners_agree(access, first, 2 * lanes, 1) ||
                              reference_partners_agree(access, first, 2 * lanes, 2));
      total += one_phase ? reference_cost(access, first, 2 * lanes) : a + b;
    }
    return total;
  }

  // A random access (test::random_access), sometimes a store, and often made to repeat
  // with partner lane^1 or lane^2 so that the pair rule has work to do.
  WarpAccess random_access_with_partners(SplitMix64 & rng, std::uint32_t window_bytes) {
    WarpAccess access = test::random_access(rng, window_bytes);
    if (rng.below(4) == 0) access.op = MemoryOp::store;
    const std::uint32_t partner_xor = rng.below(3);  // 0: leave it random
    if (partner_xor != 0)
      for (int lane = 0; lane < kWarpSize; ++lane)
        if ((lane & int(partner_xor)) == 0 && rng.below(16) != 0)  // now and then a lane that breaks it
          access.byte_address[lane ^ int(partner_xor)] = access.byte_address[lane];
    return access;
  }

  // Exchanges two lanes, addresses and activity.
  void swap_lanes(WarpAccess & access, int a, int b) {
    std::swap(access.byte_address[a], access.byte_address[b]);
    const bool active_a = access.is_active(a), active_b = access.is_active(b);
    access.active_mask = (access.active_mask & ~((1u << a) | (1u << b))) | (std::uint32_t(active_b) << a) |
                         (std::uint32_t(active_a) << b);
  }

  TEST_CASE("properties over random patterns") {
    SplitMix64 rng(2026);
    int merged_pairs = 0;
    for (int trial = 0; trial < 6000; ++trial) {
      CAPTURE(trial);
      const WarpAccess access = random_access_with_partners(rng, trial % 3 == 0 ? 256 : trial % 3 == 1 ? 2048 : 40960);
      const AccessResult result = analyze(access);
      const int active = static_cast<int>(std::bitset<kWarpSize>(access.active_mask).count());
      for (const PhaseResult& phase : result.phases) merged_pairs += phase.served_with_next;

      CHECK(result.wavefronts == reference_wavefronts(access));
      CHECK((result.wavefronts == 0) == (active == 0));
      CHECK(result.wavefronts <= active);  // a phase never needs more wavefronts than it has lanes
      CHECK(result.wavefronts <= kWarpSize);
      CHECK(result.ways <= result.wavefronts);
      CHECK(result.wavefronts <= result.ways * static_cast<int>(result.phases.size()));

      // Ideal minimum: one wavefront delivers at most one word per bank, so the busiest
      // bank over the whole warp bounds the count from below.
      std::map<int, std::set<std::uint32_t>> warp_bank_words;
      for (const PhaseResult& phase : result.phases)
        for (int bank = 0; bank < kBankCount; ++bank)
          for (const WordUse& use : phase.banks[bank]) warp_bank_words[bank].insert(use.word);
      int busiest = 0;
      for (const auto& [bank, words] : warp_bank_words) busiest = std::max(busiest, int(words.size()));
      CHECK(result.wavefronts >= busiest);

      // A store is the plain sum over phases; the pair rule only ever saves wavefronts on loads.
      WarpAccess as_store = access;
      as_store.op = MemoryOp::store;
      int phase_sum = 0;
      for (const PhaseResult& phase : result.phases) phase_sum += phase.ways;
      CHECK(count_wavefronts(as_store) == phase_sum);
      CHECK(result.wavefronts <= phase_sum);

      // Permuting lanes inside each phase changes nothing, as long as partners stay partners:
      // whole quads (lanes 4k..4k+3) for 8- and 16-byte loads, single lanes otherwise.
      WarpAccess permuted = access;
      const int lanes_per_phase = kWarpSize / phases_for_width(access.width_bytes);
      const int unit = access.width_bytes >= 8 && access.op == MemoryOp::load ? 4 : 1;
      for (int first = 0; first < kWarpSize; first += lanes_per_phase)
        for (int i = lanes_per_phase / unit - 1; i > 0; --i) {
          const int j = static_cast<int>(rng.below(std::uint32_t(i) + 1));
          for (int k = 0; k < unit; ++k) swap_lanes(permuted, first + i * unit + k, first + j * unit + k);
        }
      CHECK(count_wavefronts(permuted) == result.wavefronts);

      // Exchanging the two phases of every pair changes nothing.
      if (lanes_per_phase < kWarpSize) {
        WarpAccess exchanged = access;
        for (int lane = 0; lane < kWarpSize; ++lane)
          if ((lane & lanes_per_phase) == 0) swap_lanes(exchanged, lane, lane | lanes_per_phase);
        CHECK(count_wavefronts(exchanged) == result.wavefronts);
      }

      // Moving the whole pattern by a multiple of 16 bytes only renames banks.
      WarpAccess shifted = access;
      const std::uint32_t shift = 16 * (1 + rng.below(1000));
      for (auto& address : shifted.byte_address) address += shift;
      CHECK(count_wavefronts(shifted) == result.wavefronts);
    }
    CHECK(merged_pairs > 500);  // the generator does reach the pair rule
  }
}

}  // namespace
}  // namespace memlab::bank
