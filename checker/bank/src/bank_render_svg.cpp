#include <algorithm>

#include "memlab/bank_render.h"
#include "memlab/text_format.h"

namespace memlab::bank {
namespace {

constexpr int kMargin = 16;
constexpr int kLabelWidth = 44;
constexpr int kCellWidth = 34;
constexpr int kCellHeight = 20;
constexpr int kLineHeight = 20;
constexpr int kTableWidth = kLabelWidth + kBankCount * kCellWidth;
constexpr const char* kFirstWaveFill = "#d6ecd2";  // the wavefront every phase needs
constexpr const char* kExtraWaveFill = "#f5c6bf";  // a wavefront added by a conflict
constexpr const char* kMergedFill = "#e3e3e3";     // a phase served with the previous one
constexpr const char* kFont = "font-family=\"DejaVu Sans Mono,Menlo,Consolas,monospace\"";

std::string text_at(int x, int y, std::string_view text, int size, const char* extra = "") {
  return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" font-size=\"" + std::to_string(size) +
         "\" " + extra + ">" + escape_xml(text) + "</text>\n";
}

// Fits a cell: the lane list when short, else the first lane and how many more share it.
std::string cell_label(const std::vector<int>& lanes) {
  std::string full = lane_list(lanes);
  if (full.size() <= 5) return full;
  return std::to_string(lanes.front()) + "+" + std::to_string(lanes.size() - 1);
}

std::string cell(int x, int y, const WordUse* use, int bank, const char* fill, const SvgWords& words) {
  std::string out = "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
                    std::to_string(kCellWidth) + "\" height=\"" + std::to_string(kCellHeight) + "\" fill=\"" +
                    (use ? fill : "#ffffff") + "\" stroke=\"#b0b0b0\">";
  if (use)
    out += "<title>" + escape_xml(words.cell_tooltip(bank, use->word * kBankWidthBytes, use->lanes)) + "</title>";
  out += "</rect>\n";
  if (use)
    out += text_at(x + kCellWidth / 2, y + 14, cell_label(use->lanes), 10,
                   use->lanes.size() > 1 ? "text-anchor=\"middle\" font-weight=\"bold\"" : "text-anchor=\"middle\"");
  return out;
}

// Draws one phase's table with its top at y; returns the y below it.
int draw_phase(std::string& out, const AccessResult& result, int p, int y, const SvgWords& words) {
  const PhaseResult& phase = result.phases[static_cast<std::size_t>(p)];
  out += text_at(kMargin, y + 14, words.phase_headline(result, p), 12, "font-weight=\"bold\"");
  y += kLineHeight + 4;
  if (!phase.has_active_lane()) return y;
  for (int b = 0; b < kBankCount; ++b)
    out += text_at(kMargin + kLabelWidth + b * kCellWidth + kCellWidth / 2, y + 14, std::to_string(b), 10,
                   "text-anchor=\"middle\" fill=\"#555555\"");
  out += text_at(kMargin, y + 14, words.bank_label, 10, "fill=\"#555555\"");
  y += kCellHeight;
  for (int row = 0; row < phase.ways; ++row, y += kCellHeight) {
    out += text_at(kMargin, y + 14, "w" + std::to_string(row + 1), 10, "fill=\"#555555\"");
    const char* fill = phase.served_with_previous ? kMergedFill : row == 0 ? kFirstWaveFill : kExtraWaveFill;
    for (int b = 0; b < kBankCount; ++b) {
      const auto& bank = phase.banks[b];
      const WordUse* use = row < static_cast<int>(bank.size()) ? &bank[static_cast<std::size_t>(row)] : nullptr;
      out += cell(kMargin + kLabelWidth + b * kCellWidth, y, use, b, fill, words);
    }
  }
  return y + 12;
}

}  // namespace

const SvgWords& english_svg_words() {
  static const SvgWords words{
      summary_line,
      phase_headline,
      [](int bank, std::uint32_t byte, const std::vector<int>& lanes) {
        return "bank " + std::to_string(bank) + ", word at byte " + std::to_string(byte) + ": lane" +
               (lanes.size() > 1 ? "s " : " ") + lane_list(lanes);
      },
      "bank",
      "Columns are banks; row wK is the K-th distinct 32-bit word a bank delivers. Green: first "
      "wavefront; red: extra wavefronts (bank conflict).",
      "A cell names the lanes touching that word; bold: several lanes share it (delivered once), "
      "\"3+7\": lane 3 and 7 more.",
      "Grey: a phase served in the wavefronts of the phase before it (the pair rule for 8- and "
      "16-byte loads, fitted to H200 measurements; see bank_model.h)."};
  return words;
}

std::string render_svg(const WarpAccess& access, const AccessResult& result, std::string_view title,
                       const SvgWords& words) {
  std::string body;
  int y = kMargin;
  body += text_at(kMargin, y + 16, title, 16, "font-weight=\"bold\"");
  y += kLineHeight + 6;
  body += text_at(kMargin, y + 14, words.summary(access, result), 13);
  y += kLineHeight + 10;
  for (int p = 0; p < static_cast<int>(result.phases.size()); ++p) y = draw_phase(body, result, p, y, words);
  body += text_at(kMargin, y + 12, words.key_colours, 10, "fill=\"#333333\"");
  y += 16;
  body += text_at(kMargin, y + 12, words.key_cells, 10, "fill=\"#333333\"");
  y += 16;
  const bool merged = std::any_of(result.phases.begin(), result.phases.end(),
                                  [](const PhaseResult& phase) { return phase.served_with_previous; });
  if (merged) {
    body += text_at(kMargin, y + 12, words.key_merged, 10, "fill=\"#333333\"");
    y += 16;
  }
  y += kMargin;

  const int width = kTableWidth + 2 * kMargin;
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(y) + "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(y) + "\" " + kFont +
         ">\n<title>" + escape_xml(title) + "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" +
         body + "</svg>\n";
}

}  // namespace memlab::bank
