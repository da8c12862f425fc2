#include <algorithm>
#include <cstdio>

#include "memlab/bank_render.h"

namespace memlab::bank {
namespace {

// Two bands of 16 banks keep a table inside 80 columns.
constexpr int kBanksPerBand = 16;
constexpr std::size_t kMostSharedWordsListed = 8;

std::string cell(const std::vector<WordUse>& bank, int row) {
  if (row >= static_cast<int>(bank.size())) return "  . ";
  const WordUse& use = bank[static_cast<std::size_t>(row)];
  char text[16];
  std::snprintf(text, sizeof text, "%3d%c", use.lanes.front(), use.lanes.size() > 1 ? '*' : ' ');
  return text;
}

void end_line(std::string& out) {
  while (!out.empty() && out.back() == ' ') out.pop_back();
  out += '\n';
}

void append_band(std::string& out, const PhaseResult& phase, int first_bank) {
  char label[16];
  out += "  bank  ";
  for (int b = first_bank; b < first_bank + kBanksPerBand; ++b) {
    std::snprintf(label, sizeof label, "%3d ", b);
    out += label;
  }
  end_line(out);
  int rows = 1;
  for (int b = first_bank; b < first_bank + kBanksPerBand; ++b)
    rows = std::max(rows, static_cast<int>(phase.banks[b].size()));
  for (int row = 0; row < rows; ++row) {
    std::snprintf(label, sizeof label, "  w%-5d", row + 1);
    out += label;
    for (int b = first_bank; b < first_bank + kBanksPerBand; ++b) out += cell(phase.banks[b], row);
    end_line(out);
  }
}

void append_shared_words(std::string& out, const PhaseResult& phase) {
  std::vector<std::string> lines;
  for (int b = 0; b < kBankCount; ++b)
    for (const WordUse& use : phase.banks[b])
      if (use.lanes.size() > 1)
        lines.push_back("  * bank " + std::to_string(b) + ", word at byte " +
                        std::to_string(use.word * kBankWidthBytes) + ": lanes " + lane_list(use.lanes) + "\n");
  for (std::size_t i = 0; i < std::min(lines.size(), kMostSharedWordsListed); ++i) out += lines[i];
  if (lines.size() > kMostSharedWordsListed)
    out += "  * ... and " + std::to_string(lines.size() - kMostSharedWordsListed) + " more shared words\n";
}

}  // namespace

std::string render_text(const WarpAccess& access, const AccessResult& result, std::string_view title) {
  std::string out = std::string(title) + '\n' + summary_line(access, result) + '\n';
  for (std::size_t p = 0; p < result.phases.size(); ++p) {
    const PhaseResult& phase = result.phases[p];
    out += '\n' + phase_headline(result, static_cast<int>(p)) + '\n';
    if (!phase.has_active_lane()) continue;
    for (int first_bank = 0; first_bank < kBankCount; first_bank += kBanksPerBand) append_band(out, phase, first_bank);
    append_shared_words(out, phase);
  }
  out +=
      "\nColumns are banks; row wK holds the K-th distinct 32-bit word a bank delivers, so a phase\n"
      "takes as many wavefronts as its tallest column. A number is the lane that touches the word;\n"
      "* marks a word several lanes share (it is delivered once for all of them).\n";
  if (std::any_of(result.phases.begin(), result.phases.end(),
                  [](const PhaseResult& phase) { return phase.served_with_next; }))
    out +=
        "Two phases served as one (the pair rule of 8- and 16-byte loads) take as many wavefronts as\n"
        "the tallest column of their two tables laid on top of each other, a shared word counted once.\n";
  return out;
}

}  // namespace memlab::bank
