#include "memory_figures.hpp"

#include "svg_text.hpp"
#include "text_width.hpp"

#include <fmt/format.h>

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

// The words of the two figures, one set per language. A {name} is filled in by fmt, so each
// language keeps its own word order; Chinese counts need no plural.
struct SectorWords {
  const char* title;
  const char* heading;
  const char* row;           // {k} {sectors} {moved} {used}
  const char* tip;           // {sector} {lanes} {bytes}
  const char* tip_one_lane;  // the same for one lane
};

constexpr SectorWords kSectorWords[] = {
    {"The 32-byte sectors of one warp's 4-byte loads",
     "One warp, 32 lanes, 4-byte loads at a stride of k elements: the 32-byte sectors it touches",
     "k = {k}: {sectors} sectors, 128 of {moved} bytes moved are used ({used})",
     "sector {sector}: {lanes} lanes, {bytes} of 32 bytes used",
     "sector {sector}: {lanes} lane, {bytes} of 32 bytes used"},
    {"一个 warp 的 4 字节加载触及的 32 字节扇区",
     "一个 warp 的 32 个 lane 以 k 个元素为步长做 4 字节加载：它触及的 32 字节扇区",
     "k = {k}：{sectors} 个扇区，搬运的 {moved} 字节中用到 128 字节（{used}）",
     "扇区 {sector}：{lanes} 个 lane，32 字节中用到 {bytes} 字节",
     "扇区 {sector}：{lanes} 个 lane，32 字节中用到 {bytes} 字节"}};

struct StepWords {
  const char* row;          // {name} {bytes} {reserved} {each} {fit} {left}
  const char* row_one;      // the same when one block fits
  const char* left_over;    // {left}
  const char* block;        // {b} {each}
  const char* reservation;  // {b}
  const char* key_block;
  const char* key_reserved;
  const char* key_left;
};

constexpr StepWords kStepWords[] = {
    {"{name}: {bytes} + {reserved} reserved = {each} bytes per block: {fit} blocks, {left} bytes left over",
     "{name}: {bytes} + {reserved} reserved = {each} bytes per block: {fit} block, {left} bytes left over",
     "{left} bytes no block can use", "block {b}: {each} bytes", "the reservation of block {b}",
     "a block's shared memory", "reserved per block", "left over"},
    {"{name}：{bytes} + {reserved} 保留量 = 每个线程块 {each} 字节：放下 {fit} 个线程块，剩余 {left} 字节",
     "{name}：{bytes} + {reserved} 保留量 = 每个线程块 {each} 字节：放下 {fit} 个线程块，剩余 {left} 字节",
     "{left} 字节，没有线程块能用", "线程块 {b}：{each} 字节", "线程块 {b} 的保留量", "一个线程块的共享内存",
     "每个线程块的保留量", "剩余"}};

template <typename Words>
const Words& words_in(const Words (&table)[2], Language language) {
  return table[language == Language::zh ? 1 : 0];
}

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

std::string sectors_svg(const std::vector<int>& strides, Language language) {
  const SectorWords& words = words_in(kSectorWords, language);
  constexpr double kBox = 20, kGap = 2.5, kRow = 62, kTop = 44;
  const double height = kTop + kRow * static_cast<double>(strides.size()) + 8;
  std::ostringstream svg;
  svg << svg_open(kWidth, height, words.title, language)
      << text(kLeft, 22, words.heading, "font-size=\"14\" font-weight=\"bold\"");
  double y = kTop;
  for (const int stride : strides) {
    const auto sectors = sectors_of_warp(stride);
    const double moved = static_cast<double>(sectors.size()) * kSectorBytes;
    svg << text(kLeft, y + 12,
                fmt::format(fmt::runtime(words.row), fmt::arg("k", stride), fmt::arg("sectors", sectors.size()),
                            fmt::arg("moved", grouped(moved)), fmt::arg("used", percent(128 / moved))),
                "font-size=\"12\"");
    double x = kLeft;
    for (const auto& use : sectors) {
      const double used = static_cast<double>(use.lanes) * 4 / kSectorBytes;
      const std::string tip =
          fmt::format(fmt::runtime(use.lanes > 1 ? words.tip : words.tip_one_lane), fmt::arg("sector", use.sector),
                      fmt::arg("lanes", use.lanes), fmt::arg("bytes", use.lanes * 4));
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
                             const std::string& title, Language language) {
  if (limits.per_sm <= 0 || limits.unit <= 0)
    throw std::invalid_argument("shared memory per SM and the unit must be positive");
  const StepWords& words = words_in(kStepWords, language);
  constexpr double kBar = 34, kRow = 76, kTop = 46, kKeySize = 11;
  const double bar_width = kWidth - 2 * kLeft;
  const double scale = bar_width / static_cast<double>(limits.per_sm);
  const double height = kTop + kRow * static_cast<double>(blocks.size()) + 26;
  std::ostringstream svg;
  svg << svg_open(kWidth, height, title, language) << text(kLeft, 22, title, "font-size=\"14\" font-weight=\"bold\"");
  double y = kTop;
  for (const auto& block : blocks) {
    const std::int64_t each = allocated_bytes(block, limits);
    const std::int64_t fit = each > 0 ? limits.per_sm / each : 0;
    const std::int64_t left = limits.per_sm - fit * each;
    const auto bytes = [](std::int64_t n) { return grouped(static_cast<double>(n)); };
    svg << text(kLeft, y + 12,
                fmt::format(fmt::runtime(fit == 1 ? words.row_one : words.row), fmt::arg("name", block.name),
                            fmt::arg("bytes", bytes(block.bytes)), fmt::arg("reserved", bytes(limits.reserved)),
                            fmt::arg("each", bytes(each)), fmt::arg("fit", fit), fmt::arg("left", bytes(left))),
                "font-size=\"12\"");
    svg << rect(kLeft, y + 20, bar_width, kBar, kUnused,
                fmt::format(fmt::runtime(words.left_over), fmt::arg("left", bytes(left))));
    for (std::int64_t b = 0; b < fit; ++b) {
      const double x = kLeft + static_cast<double>(b * each) * scale;
      svg << rect(x, y + 20, static_cast<double>(each) * scale, kBar, kUsed,
                  fmt::format(fmt::runtime(words.block), fmt::arg("b", b + 1), fmt::arg("each", bytes(each))))
          << rect(x + static_cast<double>(each - limits.reserved) * scale, y + 20,
                  static_cast<double>(limits.reserved) * scale, kBar, kReserved,
                  fmt::format(fmt::runtime(words.reservation), fmt::arg("b", b + 1)));
    }
    y += kRow;
  }
  // The key, each entry placed after the measured width of the one before.
  double x = kLeft;
  for (const auto& [fill, label] : {std::pair{kUsed, words.key_block}, std::pair{kReserved, words.key_reserved},
                                    std::pair{kUnused, words.key_left}}) {
    svg << rect(x, y, 12, 12, fill) << text(x + 18, y + 10, label, "font-size=\"11\"");
    x += 18 + text_width(label, kKeySize) + 28;
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace memlab::site::figures
