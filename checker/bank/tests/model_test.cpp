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
    CHECK(wavefronts_of_stride(2, 1) == 1);   // half: lanes 2k, 2k+1 share word k
    CHECK(wavefronts_of_stride(4, 1) == 1);   // half2: one word per lane
    CHECK(wavefronts_of_stride(2, 2) == 1);
    CHECK(wavefronts_of_stride(2, 4) == 2);   // calibration: stride 4 halves is 2-way
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

  TEST_CASE("the two measured broadcast exceptions (pair rule)") {
    const AccessResult double_broadcast = analyze(lanes_at(8, [](int) { return 64u; }));
    CHECK(double_broadcast.wavefronts == 1);  // the plain phase rule would say 2
    CHECK(double_broadcast.phases[1].served_with_previous);
    const AccessResult vec4_broadcast = analyze(lanes_at(16, [](int) { return 64u; }));
    CHECK(vec4_broadcast.wavefronts == 2);  // the plain phase rule would say 4
    CHECK_FALSE(vec4_broadcast.phases[0].served_with_previous);
    CHECK(vec4_broadcast.phases[1].served_with_previous);
    CHECK_FALSE(vec4_broadcast.phases[2].served_with_previous);
    CHECK(vec4_broadcast.phases[3].served_with_previous);
  }

  TEST_CASE("pairs merge only when their word sets are identical, and only in aligned pairs") {
    // Lane i and i+16 read the same double: identical halves, hypothesis says 1.
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return std::uint32_t(lane % 16 * 8); })) == 1);
    // Upper half shifted by one double: the sets differ, no merge.
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return std::uint32_t((lane % 16 + lane / 16) * 8); })) == 2);
    // Quarters 0 and 2 (and 1 and 3) identical: not aligned pairs, no merge.
    CHECK(count_wavefronts(lanes_at(16, [](int lane) { return std::uint32_t(lane % 16 * 16); })) == 4);
    // Quarters 1 and 2 identical: they straddle two pairs, no merge.
    CHECK(count_wavefronts(lanes_at(16, [](int lane) {
            return std::uint32_t((lane >= 8 && lane < 24 ? lane % 8 + 64 : lane) * 16);
          })) == 4);
    // A broadcast in one half only: the other phase is empty, nothing to merge.
    CHECK(count_wavefronts(lanes_at(8, [](int) { return 0u; }, 0x0000ffffu)) == 1);
  }

  TEST_CASE("inactive lanes") {
    const AccessResult none = analyze(lanes_at(4, [](int lane) { return std::uint32_t(lane * 4); }, 0));
    CHECK(none.wavefronts == 0);
    CHECK(none.ways == 0);
    CHECK(count_wavefronts(lanes_at(16, [](int) { return 0u; }, 0)) == 0);
    CHECK(count_wavefronts(lanes_at(4, [](int lane) { return std::uint32_t(lane * 128); }, 1u << 9)) == 1);
    // Stride 32 with only even lanes: 16 ways instead of 32.
    CHECK(count_wavefronts(lanes_at(4, [](int lane) { return std::uint32_t(lane * 128); }, 0x55555555u)) == 16);
    // An inactive lane's address is ignored, even a misaligned or huge one.
    WarpAccess access = stride_access(4, 1);
    access.byte_address[3] = 0xffffffffu;
    access.active_mask &= ~(1u << 3);
    CHECK(count_wavefronts(access) == 1);
    // 8-byte, only the upper half active: one phase of work.
    CHECK(count_wavefronts(lanes_at(8, [](int lane) { return std::uint32_t(lane * 8); }, 0xffff0000u)) == 1);
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
      for (int lane = 0; lane < kWarpSize; ++lane) CHECK(entries_of_lane[lane] == (access.is_active(lane) ? words_per_lane : 0));
    }
  }

  // The same rule written plainly with standard containers, as a cross-check of analyze().
  int reference_wavefronts(const WarpAccess& access) {
    const int phases = phases_for_width(access.width_bytes);
    const int lanes_per_phase = kWarpSize / phases;
    std::vector<std::set<std::uint32_t>> words(static_cast<std::size_t>(phases));
    std::vector<int> cost(static_cast<std::size_t>(phases), 0);
    for (int p = 0; p < phases; ++p) {
      std::map<int, std::set<std::uint32_t>> bank_words;
      for (int lane = p * lanes_per_phase; lane < (p + 1) * lanes_per_phase; ++lane) {
        if (!access.is_active(lane)) continue;
        for (std::uint32_t byte = 0; byte < std::uint32_t(access.width_bytes); byte += 4) {
          const std::uint32_t word = (access.byte_address[lane] + byte) / 4;
          bank_words[int(word % 32)].insert(word);
          words[p].insert(word);
        }
      }
      for (const auto& [bank, set] : bank_words) cost[p] = std::max(cost[p], int(set.size()));
    }
    int total = 0;
    for (int p = 0; p < phases; ++p) {
      const bool merged = p % 2 == 1 && !words[p].empty() && words[p] == words[p - 1];
      total += merged ? 0 : cost[p];
    }
    return total;
  }

  TEST_CASE("properties over random patterns") {
    SplitMix64 rng(2026);
    for (int trial = 0; trial < 5000; ++trial) {
      CAPTURE(trial);
      const WarpAccess access = test::random_access(rng, trial % 3 == 0 ? 256 : trial % 3 == 1 ? 2048 : 40960);
      const AccessResult result = analyze(access);
      const int active = static_cast<int>(std::bitset<kWarpSize>(access.active_mask).count());

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

      // Permuting lanes inside each phase changes nothing.
      WarpAccess permuted = access;
      const int lanes_per_phase = kWarpSize / phases_for_width(access.width_bytes);
      for (int first = 0; first < kWarpSize; first += lanes_per_phase)
        for (int i = lanes_per_phase - 1; i > 0; --i) {
          const int a = first + i;
          const int b = first + static_cast<int>(rng.below(std::uint32_t(i) + 1));
          std::swap(permuted.byte_address[a], permuted.byte_address[b]);
          const bool bit_a = permuted.is_active(a), bit_b = permuted.is_active(b);
          permuted.active_mask = (permuted.active_mask & ~((1u << a) | (1u << b))) | (std::uint32_t(bit_b) << a) |
                                 (std::uint32_t(bit_a) << b);
        }
      CHECK(count_wavefronts(permuted) == result.wavefronts);

      // Moving the whole pattern by a multiple of 16 bytes only renames banks.
      WarpAccess shifted = access;
      const std::uint32_t shift = 16 * (1 + rng.below(1000));
      for (auto& address : shifted.byte_address) address += shift;
      CHECK(count_wavefronts(shifted) == result.wavefronts);
    }
  }
}

}  // namespace
}  // namespace memlab::bank
