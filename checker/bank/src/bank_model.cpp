#include "memlab/bank_model.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <stdexcept>

namespace memlab::bank {
namespace {

// How many phases a warp access of each width is served in: a phase asks for at most one
// wavefront's worth of data, 32 banks x 4 bytes = 128 bytes.
struct WidthRule {
  int width_bytes;
  int phases;
};
constexpr WidthRule kWidthRules[] = {{1, 1}, {2, 1}, {4, 1}, {8, 2}, {16, 4}};

// The pair rule of bank_model.h: phases are served in aligned pairs (the two halves of an
// 8-byte access; quarters 0+1 and 2+3 of a 16-byte access), and a pair of loads is served as
// one phase when its lanes agree with their partner lane ^ 1 or lane ^ 2.
constexpr int kPhasesPerPair = 2;
constexpr int kPartnerLaneXors[] = {1, 2};

PhaseResult analyze_phase(const WarpAccess& access, int first_lane, int lane_count) {
  PhaseResult phase;
  phase.first_lane = first_lane;
  phase.lane_count = lane_count;
  const int words_per_lane = std::max(1, access.width_bytes / kBankWidthBytes);
  for (int lane = first_lane; lane < first_lane + lane_count; ++lane) {
    if (!access.is_active(lane)) continue;
    for (int k = 0; k < words_per_lane; ++k) {
      const std::uint32_t word = word_of(access.byte_address[lane]) + static_cast<std::uint32_t>(k);
      auto& bank = phase.banks[bank_of_word(word)];
      auto use = std::find_if(bank.begin(), bank.end(), [&](const WordUse& u) { return u.word == word; });
      if (use == bank.end()) {
        bank.push_back(WordUse{word, {lane}});
      } else {
        use->lanes.push_back(lane);
      }
    }
  }
  for (const auto& bank : phase.banks) phase.ways = std::max(phase.ways, static_cast<int>(bank.size()));
  return phase;
}

// Does every active lane of [first_lane, first_lane + lane_count) read the same address as
// its partner lane ^ partner_xor, wherever that partner is active too?
bool lanes_agree_with_partner(const WarpAccess& access, int first_lane, int lane_count, int partner_xor) {
  for (int lane = first_lane; lane < first_lane + lane_count; ++lane) {
    const int partner = lane ^ partner_xor;
    if (access.is_active(lane) && access.is_active(partner) &&
        access.byte_address[lane] != access.byte_address[partner])
      return false;
  }
  return true;
}

// The pair rule: a pair of load phases (lanes [first_lane, first_lane + lane_count)) is
// served as one phase when its lanes agree with one of the partners. Stores never merge.
bool pair_served_as_one_phase(const WarpAccess& access, int first_lane, int lane_count) {
  if (access.op != MemoryOp::load) return false;
  for (int partner_xor : kPartnerLaneXors)
    if (lanes_agree_with_partner(access, first_lane, lane_count, partner_xor)) return true;
  return false;
}

}  // namespace

bool is_supported_width(int width_bytes) { return phases_for_width(width_bytes) > 0; }

int phases_for_width(int width_bytes) {
  for (const auto& rule : kWidthRules)
    if (rule.width_bytes == width_bytes) return rule.phases;
  return 0;
}

const char* op_name(MemoryOp op) { return op == MemoryOp::load ? "ld" : "st"; }

std::optional<std::string> find_offset_problem(int lane, std::uint64_t offset, int width_bytes) {
  const std::string where = "lane " + std::to_string(lane) + ": byte offset " + std::to_string(offset);
  if (offset >= kMaxSharedBytes)
    return where + " is beyond the largest shared memory of an SM (228 KiB: offsets must be below " +
           std::to_string(kMaxSharedBytes) + ")";
  if (width_bytes > 0 && offset % static_cast<std::uint64_t>(width_bytes) != 0)
    return where + " is misaligned: a " + std::to_string(width_bytes) + "-byte access needs a multiple of " +
           std::to_string(width_bytes);
  return std::nullopt;
}

std::optional<std::string> find_problem(const WarpAccess& access) {
  if (!is_supported_width(access.width_bytes))
    return "access width " + std::to_string(access.width_bytes) + " is not one of 1, 2, 4, 8, 16 bytes";
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (!access.is_active(lane)) continue;
    if (auto problem = find_offset_problem(lane, access.byte_address[lane], access.width_bytes)) return problem;
  }
  return std::nullopt;
}

AccessResult analyze(const WarpAccess& access) {
  if (auto problem = find_problem(access)) throw std::invalid_argument(*problem);
  const int phase_count = phases_for_width(access.width_bytes);
  const int lanes_per_phase = kWarpSize / phase_count;

  AccessResult result;
  for (int p = 0; p < phase_count; ++p)
    result.phases.push_back(analyze_phase(access, p * lanes_per_phase, lanes_per_phase));
  const int pair_lanes = kPhasesPerPair * lanes_per_phase;
  for (int p = 0; p + 1 < phase_count; p += kPhasesPerPair) {
    PhaseResult& first = result.phases[p];
    PhaseResult& second = result.phases[p + 1];
    if (!first.has_active_lane() || !second.has_active_lane() ||
        !pair_served_as_one_phase(access, first.first_lane, pair_lanes))
      continue;
    first.served_with_next = true;
    first.pair_ways = analyze_phase(access, first.first_lane, pair_lanes).ways;
    second.served_with_previous = true;
  }
  for (const PhaseResult& phase : result.phases) {
    result.wavefronts += phase.wavefronts();
    result.ways = std::max({result.ways, phase.ways, phase.pair_ways});
  }
  return result;
}

int count_wavefronts(const WarpAccess& access) { return analyze(access).wavefronts; }

int predicted_ways_for_stride(int stride_words) {
  const long long stride = std::llabs(static_cast<long long>(stride_words));  // no overflow at INT_MIN
  return stride == 0 ? 1 : static_cast<int>(std::gcd(stride, static_cast<long long>(kBankCount)));
}

}  // namespace memlab::bank
