#include "check_diff.h"

#include <memlab/bank_batch.h>
#include <memlab/bank_render.h>

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace lab02 {
namespace {

namespace bank = memlab::bank;

constexpr int kLanesPerRow = 4;
constexpr std::size_t kWordsShown = 8;  // of one bank; a 32-way conflict is clear after a few

std::string plural(int n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

// "5", "4-5" or "31,0" for `count` consecutive values from `first`, wrapping at `modulo`.
std::string run_text(std::uint32_t first, int count, std::uint32_t modulo) {
  const std::uint32_t last = first + static_cast<std::uint32_t>(count) - 1;
  if (count == 1) return std::to_string(first % modulo);
  if (first % modulo <= last % modulo) return fmt::format("{}-{}", first % modulo, last % modulo);
  std::string text;
  for (std::uint32_t v = first; v <= last; ++v) text += fmt::format("{}{}", text.empty() ? "" : ",", v % modulo);
  return text;
}

// "17:   4096 -> w1024 b0" (a wide lane names its run of words and banks), or "17: -".
std::string lane_cell(const bank::WarpAccess& access, int lane) {
  const std::string head = fmt::format("{:2}: ", lane);
  if (!access.is_active(lane)) return head + "-";
  const int words = std::max(1, access.width_bytes / bank::kBankWidthBytes);
  const std::uint32_t address = access.byte_address[lane], word = bank::word_of(address);
  return head + fmt::format("{:6} -> w{} b{}", address, run_text(word, words, 0xffffffffu),
                            run_text(word, words, bank::kBankCount));
}

std::string lane_table(const bank::WarpAccess& access) {
  std::vector<std::string> cells;
  std::size_t width = 0;
  for (int lane = 0; lane < bank::kWarpSize; ++lane) {
    cells.push_back(lane_cell(access, lane));
    width = std::max(width, cells.back().size());
  }
  std::string text = "  lane: byte address -> word (w), bank (b); - is an inactive lane\n";
  for (int lane = 0; lane < bank::kWarpSize; ++lane) {
    if (lane % kLanesPerRow == 0) text += "   ";
    std::string cell = cells[static_cast<std::size_t>(lane)];
    if (lane % kLanesPerRow != kLanesPerRow - 1) cell.resize(width + 3, ' ');
    text += cell;
    if (lane % kLanesPerRow == kLanesPerRow - 1) text += '\n';
  }
  return text;
}

// The bank(s) of a phase that hold the most distinct words, with their words and lanes.
std::string busiest_banks(const bank::PhaseResult& phase) {
  std::vector<int> busiest;
  for (int b = 0; b < bank::kBankCount; ++b)
    if (static_cast<int>(phase.banks[b].size()) == phase.ways) busiest.push_back(b);
  std::string text = "    busiest bank" + std::string(busiest.size() > 1 ? "s " : " ");
  for (std::size_t i = 0; i < busiest.size() && i < 3; ++i) text += fmt::format("{}{}", i ? ", " : "", busiest[i]);
  if (busiest.size() > 3) text += fmt::format(" and {} more", busiest.size() - 3);
  text += fmt::format(": {}{}; bank {} delivers\n", plural(phase.ways, "distinct word"),
                      busiest.size() > 1 ? " each" : "", busiest.front());
  const auto& uses = phase.banks[busiest.front()];
  for (std::size_t i = 0; i < uses.size() && i < kWordsShown; ++i) {
    const std::uint32_t byte = uses[i].word * bank::kBankWidthBytes;
    text += fmt::format("      word {} (bytes {}-{}) to lanes {}\n", uses[i].word, byte, byte + 3,
                        bank::lane_list(uses[i].lanes));
  }
  if (uses.size() > kWordsShown)
    text += "      ... and " + plural(static_cast<int>(uses.size() - kWordsShown), "more word") + "\n";
  return text;
}

std::string model_account(const bank::AccessResult& result) {
  std::string text = "  how the course's model counts it:\n";
  for (std::size_t p = 0; p < result.phases.size(); ++p) {
    const bank::PhaseResult& phase = result.phases[p];
    text += "    " + bank::phase_headline(result, static_cast<int>(p)) + "\n";
    if (phase.has_active_lane() && !phase.served_with_previous) text += busiest_banks(phase);
  }
  return text;
}

}  // namespace

std::string mismatch_report(const Pattern& pattern, int expected, int got, const std::string& tool) {
  const bank::WarpAccess& access = pattern.access;
  const bank::AccessResult result = bank::analyze(access);
  std::vector<int> lanes;
  for (int lane = 0; lane < bank::kWarpSize; ++lane)
    if (access.is_active(lane)) lanes.push_back(lane);

  std::string text = "  pattern: " + pattern.name + (pattern.random ? " (random)" : "") + "\n";
  text += fmt::format("  {}-byte {}, {}\n", access.width_bytes, access.op == bank::MemoryOp::load ? "loads" : "stores",
                      lanes.empty() ? std::string("no lane active") : "lanes " + bank::lane_list(lanes) + " active");
  text += fmt::format("  expected (the course's model): {}    got (your predicted_wavefronts()): {}\n",
                      plural(expected, "wavefront"), got);
  text += lane_table(access);
  text += model_account(result);
  text += "  reproduce: echo \"" + bank::format_batch_line(access) + "\" | " + tool + " --batch\n";
  return text;
}

}  // namespace lab02
