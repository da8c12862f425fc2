#include "memory_figures.hpp"

#include "svg_text.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

namespace memlab::site::figures {

namespace {

constexpr double kWidth = 760;
constexpr double kLeft = 20;
constexpr const char* kUsed = "#1f5fa8";
constexpr const char* kUnused = "#dfe6ee";
constexpr const char* kReserved = "#d0542c";

// 1.0 -> "100 %", 0.125 -> "12.5 %"
std::string percent(double fraction) {
  const double value = 100 * fraction;
  return fixed(value, value == static_cast<double>(static_cast<long long>(value)) ? 0 : 1) + " %";
}

std::string rect(double x, double y, double w, double h, const char* fill, const std::string& tooltip = "") {
  std::string out = "<rect x=\"" + fixed(x) + "\" y=\"" + fixed(y) + "\" width=\"" + fixed(w) + "\" height=\"" +
                    fixed(h) + "\" fill=\"" + fill + "\" stroke=\"#ffffff\" stroke-width=\"0.6\"";
  if (tooltip.empty()) return out + "/>\n";
  return out + "><title>" + escape_xml(tooltip) + "</title></rect>\n";
}

std::string text(double x, double y, const std::string& content, const char* extra = "") {
  return "<text x=\"" + fixed(x) + "\" y=\"" + fixed(y) + "\" " + extra + ">" + escape_xml(content) + "</text>\n";
}

}  // namespace

std::vector<SectorUse> sectors_of_warp(int stride_elems) {
  if (stride_elems < 1) throw std::invalid_argument("a stride must be at least 1 element");
  std::map<std::uint64_t, int> lanes_per_sector;
  for (int lane = 0; lane < 32; ++lane) {
    const std::uint64_t byte = static_cast<std::uint64_t>(lane) * static_cast<std::uint64_t>(stride_elems) * 4;
    ++lanes_per_sector[byte / kSectorBytes];
  }
  std::vector<SectorUse> sectors;
  for (const auto& [sector, lanes] : lanes_per_sector) sectors.push_back({sector, lanes});
  return sectors;
}

std::string sectors_svg(const std::vector<int>& strides) {
  constexpr double kBox = 20, kGap = 2.5, kRow = 62, kTop = 44;
  const double height = kTop + kRow * static_cast<double>(strides.size()) + 8;
  std::ostringstream svg;
  svg << svg_open(kWidth, height, "The 32-byte sectors of one warp's 4-byte loads")
      << text(kLeft, 22, "One warp, 32 lanes, 4-byte loads at a stride of k elements: the 32-byte sectors it touches",
              "font-size=\"14\" font-weight=\"bold\"");
  double y = kTop;
  for (const int stride : strides) {
    const auto sectors = sectors_of_warp(stride);
    const double moved = static_cast<double>(sectors.size()) * kSectorBytes;
    svg << text(kLeft, y + 12,
                "k = " + std::to_string(stride) + ": " + std::to_string(sectors.size()) + " sectors, 128 of " +
                    grouped(moved) + " bytes moved are used (" + percent(128 / moved) + ")",
                "font-size=\"12\"");
    double x = kLeft;
    for (const auto& use : sectors) {
      const double used = static_cast<double>(use.lanes) * 4 / kSectorBytes;
      const std::string tip = "sector " + std::to_string(use.sector) + ": " + std::to_string(use.lanes) + " lane" +
                              (use.lanes > 1 ? "s" : "") + ", " + std::to_string(use.lanes * 4) + " of 32 bytes used";
      svg << rect(x, y + 20, kBox, kBox, kUnused, tip) << rect(x, y + 20, kBox * used, kBox, kUsed, tip);
      x += kBox + kGap;
    }
    y += kRow;
  }
  svg << "</svg>\n";
  return svg.str();
}

std::int64_t allocated_bytes(const SharedBlock& block, const SharedLimits& limits) {
  const std::int64_t raw = block.bytes + limits.reserved;
  return (raw + limits.unit - 1) / limits.unit * limits.unit;
}

std::string shared_steps_svg(const std::vector<SharedBlock>& blocks, const SharedLimits& limits,
                             const std::string& title) {
  if (limits.per_sm <= 0 || limits.unit <= 0)
    throw std::invalid_argument("shared memory per SM and the unit must be positive");
  constexpr double kBar = 34, kRow = 76, kTop = 46;
  const double bar_width = kWidth - 2 * kLeft;
  const double scale = bar_width / static_cast<double>(limits.per_sm);
  const double height = kTop + kRow * static_cast<double>(blocks.size()) + 26;
  std::ostringstream svg;
  svg << svg_open(kWidth, height, title) << text(kLeft, 22, title, "font-size=\"14\" font-weight=\"bold\"");
  double y = kTop;
  for (const auto& block : blocks) {
    const std::int64_t each = allocated_bytes(block, limits);
    const std::int64_t fit = each > 0 ? limits.per_sm / each : 0;
    const std::int64_t left = limits.per_sm - fit * each;
    svg << text(kLeft, y + 12,
                block.name + ": " + grouped(static_cast<double>(block.bytes)) + " + " +
                    grouped(static_cast<double>(limits.reserved)) +
                    " reserved = " + grouped(static_cast<double>(each)) + " bytes per block: " + std::to_string(fit) +
                    " block" + (fit == 1 ? "" : "s") + ", " + grouped(static_cast<double>(left)) + " bytes left over",
                "font-size=\"12\"");
    svg << rect(kLeft, y + 20, bar_width, kBar, kUnused,
                grouped(static_cast<double>(left)) + " bytes no block can use");
    for (std::int64_t b = 0; b < fit; ++b) {
      const double x = kLeft + static_cast<double>(b * each) * scale;
      const std::string tip = "block " + std::to_string(b + 1) + ": " + grouped(static_cast<double>(each)) + " bytes";
      svg << rect(x, y + 20, static_cast<double>(each) * scale, kBar, kUsed, tip)
          << rect(x + static_cast<double>(each - limits.reserved) * scale, y + 20,
                  static_cast<double>(limits.reserved) * scale, kBar, kReserved,
                  "the reservation of block " + std::to_string(b + 1));
    }
    y += kRow;
  }
  svg << rect(kLeft, y, 12, 12, kUsed) << text(kLeft + 18, y + 10, "a block's shared memory", "font-size=\"11\"")
      << rect(kLeft + 180, y, 12, 12, kReserved) << text(kLeft + 198, y + 10, "reserved per block", "font-size=\"11\"")
      << rect(kLeft + 340, y, 12, 12, kUnused) << text(kLeft + 358, y + 10, "left over", "font-size=\"11\"")
      << "</svg>\n";
  return svg.str();
}

}  // namespace memlab::site::figures
