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

// The pair rule of bank_model.h (hypothesis): phases merge only within aligned groups of two.
constexpr int kPhasesPerMergeGroup = 2;

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

std::vector<std::uint32_t> sorted_words(const PhaseResult& phase) {
  std::vector<std::uint32_t> words;
  for (const auto& bank : phase.banks)
    for (const auto& use : bank) words.push_back(use.word);
  std::sort(words.begin(), words.end());
  return words;
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
  for (int p = 0; p < phase_count; ++p) result.phases.push_back(analyze_phase(access, p * lanes_per_phase, lanes_per_phase));
  for (int p = 0; p < phase_count; ++p) {
    auto& phase = result.phases[p];
    if (p % kPhasesPerMergeGroup != 0 && phase.has_active_lane())
      phase.served_with_previous = sorted_words(phase) == sorted_words(result.phases[p - 1]);
    result.wavefronts += phase.wavefronts();
    result.ways = std::max(result.ways, phase.ways);
  }
  return result;
}

int count_wavefronts(const WarpAccess& access) { return analyze(access).wavefronts; }

int predicted_ways_for_stride(int stride_words) {
  const long long stride = std::llabs(static_cast<long long>(stride_words));  // no overflow at INT_MIN
  return stride == 0 ? 1 : static_cast<int>(std::gcd(stride, static_cast<long long>(kBankCount)));
}

}  // namespace memlab::bank
