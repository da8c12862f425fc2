// The course figures' text: measured widths, the fit check, the Chinese editions and the
// committed folder's comparison (figures/text_width, svg_fit, svg_text, figure_folder).
#include "bank_tables.hpp"
#include "figure_catalog.hpp"
#include "figure_folder.hpp"
#include "memory_figures.hpp"
#include "recorded_sweeps.hpp"
#include "svg_fit.hpp"
#include "svg_text.hpp"
#include "sweep_plot.hpp"
#include "text_width.hpp"

#include "support.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <regex>
#include <set>

using namespace memlab::site::figures;
using memlab::site::Language;
using memlab::site::test::contains;
using memlab::site::test::ScratchDir;

namespace {

std::string canvas(int width, int height, const std::string& texts) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(height) + "\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">\n" + texts + "</svg>\n";
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

// What a reader of an SVG figure sees: its <text> and <title> contents, lower case.
std::string visible_text(const std::string& svg) {
  std::string text;
  const std::regex element(R"(<(text|title)\b[^>]*>([^<]*)</(text|title)>)");
  for (std::sregex_iterator it(svg.begin(), svg.end(), element), end; it != end; ++it) text += (*it)[2].str() + "\n";
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The English words (3 letters or more) of a figure's text, but the terms the Chinese text
// keeps in English (docs/glossary.zh.md), names, and file names such as bank_model.h.
std::set<std::string> english_words(const std::string& svg) {
  static const std::set<std::string> kept = {"bank", "lane", "warp", "tile", "wavefront", "swizzle", "nvidia", "dram"};
  std::string text = std::regex_replace(visible_text(svg), std::regex(R"([a-z_]+\.h\b)"), " ");
  std::set<std::string> words;
  const std::regex word("[a-z]{3,}");
  for (std::sregex_iterator it(text.begin(), text.end(), word), end; it != end; ++it) {
    if (!kept.count(it->str())) words.insert(it->str());
  }
  return words;
}

const char* const kSweepCsv =
    "stride,ways,ms,gbps,pct_of_stride1,pct_of_theory,expected_gbps,ratio,in_band\n"
    "1,1,0.1404,30580,100.0,91.4,30580,1.000,yes\n"
    "2,2,0.2725,15763,51.5,47.1,15290,1.031,yes\n"
    "32,32,4.2,1010,3.3,3.0,956,1.056,yes\n";
const char* const kMixedCsv =
    "stride,ways,ms,time_vs_stride1,dram_gbps,conflict\n"
    "1,1,0.1349,1.000,3980,none\n"
    "2,2,0.1354,1.004,3965,hidden\n"
    "32,32,0.5570,4.129,964,shows\n";

// One figure of each kind, in a language.
std::vector<std::string> figures_in(Language language) {
  const memlab::bank::TileLayout padded{32, 32, 1, 4, memlab::bank::TileSwizzle::none};
  const std::string title = language == Language::zh ? "扫描" : "Sweep";  // titles come from the caller
  return {bank_table_svg(stride_view(4, 2), language),
          bank_table_svg(stride_view(16, 0), language),  // four phases, served in pairs
          bank_table_svg(tile_column_view(padded, 0), language),
          sectors_svg({1, 2, 32}, language),
          shared_steps_svg({{"tile", 57344}}, {233472, 1024, 128}, "H200", language),
          sweep_svg(parse_sweep_csv(kSweepCsv), title, language),
          pure_sweep_svg(kSweepCsv, 0.15, title, language),
          mixed_sweep_svg(kMixedCsv, title, language)};
}

}  // namespace

TEST_CASE("text_width: DejaVu Sans for ASCII, 1 em for a Chinese character") {
  CHECK(text_width("中文", 10) == doctest::Approx(20));
  CHECK(text_width("mmm", 10) > text_width("iii", 10) * 3);
  CHECK(text_width("0", 1000) == doctest::Approx(636));
  CHECK(text_width("0", 1000, FontStyle::sans_bold) == doctest::Approx(696));
  CHECK(text_width("abc", 10, FontStyle::mono) == doctest::Approx(3 * 6.02));
  CHECK(text_width("步长 1", 12) == doctest::Approx(2 * 12 + text_width(" 1", 12)));
}

TEST_CASE("svg_fit_problems: text must stay on the canvas and off its neighbour") {
  CHECK(svg_fit_problems(canvas(200, 100, "<text x=\"10\" y=\"20\">short</text>\n")).empty());

  const std::string past_edge =
      joined(svg_fit_problems(canvas(200, 100, "<text x=\"150\" y=\"20\">far too long here</text>\n")));
  CHECK(contains(past_edge, "text \"far too long here\""));
  CHECK(contains(past_edge, "leaves the canvas (0 to 200.0)"));

  // Centred or ending at x, the text extends to the left of it.
  CHECK_FALSE(
      svg_fit_problems(canvas(200, 100, "<text x=\"10\" y=\"20\" text-anchor=\"middle\">centred</text>")).empty());
  CHECK(svg_fit_problems(canvas(200, 100, "<text x=\"190\" y=\"20\" text-anchor=\"end\">ends here</text>")).empty());

  // Eight Chinese characters at 12 px take 96 px, nine 108: the check counts 1 em each, not bytes.
  CHECK(svg_fit_problems(canvas(100, 50, "<text x=\"0\" y=\"20\">共享内存加载带宽</text>")).empty());
  CHECK_FALSE(svg_fit_problems(canvas(100, 50, "<text x=\"0\" y=\"20\">共享内存加载的带宽</text>")).empty());

  // Two texts on one baseline: the first must end before the second starts.
  const std::string crowded = joined(svg_fit_problems(
      canvas(400, 100, "<text x=\"10\" y=\"54\">first legend</text>\n<text x=\"60\" y=\"54\">second</text>\n")));
  CHECK(contains(crowded, "text \"first legend\""));
  CHECK(contains(crowded, "runs into \"second\""));
  CHECK(svg_fit_problems(canvas(400, 100, "<text x=\"10\" y=\"54\">first</text>\n<text x=\"60\" y=\"70\">below</text>"))
            .empty());

  // A plot's y label, turned a quarter left, is held to the canvas height.
  const std::string label = "<text transform=\"translate(20 50) rotate(-90)\" text-anchor=\"middle\">" +
                            std::string("a long axis label") + "</text>";
  CHECK(svg_fit_problems(canvas(200, 200, label)).empty());
  CHECK(contains(joined(svg_fit_problems(canvas(200, 60, label))), "leaves the canvas (0 to 60.0)"));

  // An escape is measured as the character it stands for: three '<' are 30 px at 12 px.
  CHECK(svg_fit_problems(canvas(40, 60, "<text x=\"0\" y=\"20\">&lt;&lt;&lt;</text>")).empty());
  CHECK(svg_fit_problems("no svg here") == std::vector<std::string>{"no <svg> element"});
}

TEST_CASE("in_language: a Chinese figure names Chinese fonts before the generic one, and its language") {
  const std::string english = svg_open(100, 50, "A figure");
  CHECK(in_language(english, Language::en) == english);
  const std::string chinese = svg_open(100, 50, "图", Language::zh);
  CHECK(contains(chinese, "<svg xml:lang=\"zh-Hans\" xmlns="));
  CHECK(contains(chinese,
                 "font-family=\"DejaVu Sans, Helvetica, Arial, Noto Sans CJK SC, Source Han Sans SC, "
                 "PingFang SC, Microsoft YaHei, sans-serif\""));
  const std::string mono =
      in_language("<svg xmlns=\"x\" font-family=\"DejaVu Sans Mono,monospace\">\n</svg>\n", Language::zh);
  CHECK(contains(mono, "Mono, Noto Sans CJK SC"));
  CHECK(contains(mono, "Microsoft YaHei,monospace\""));
  CHECK_THROWS_AS(in_language("<svg xmlns=\"x\">\n</svg>\n", Language::zh), std::logic_error);
}

TEST_CASE("the Chinese figures are in Chinese, and every figure's text fits") {
  const auto english = figures_in(Language::en);
  const auto chinese = figures_in(Language::zh);
  REQUIRE(english.size() == chinese.size());
  for (size_t i = 0; i < chinese.size(); ++i) {
    CAPTURE(i);
    CHECK(joined(svg_fit_problems(english[i])) == "");
    CHECK(joined(svg_fit_problems(chinese[i])) == "");
    CHECK(contains(chinese[i], "xml:lang=\"zh-Hans\""));
    CHECK_FALSE(english_words(english[i]).empty());  // the check finds English where there is some
    std::string left;
    for (const auto& word : english_words(chinese[i])) left += word + " ";
    CHECK_MESSAGE(left.empty(), "English words in Chinese figure " << i << ": " << left);
  }
  // The glossary's terms: bank and wavefront stay English; ways, stride, phase are Chinese.
  CHECK(contains(chinese[0], "4 字节加载：2 个 wavefront，2 路 bank 冲突"));
  CHECK(contains(chinese[1], "与第 1 个阶段一起服务"));
  CHECK(contains(chinese[2], "32x32、元素为 4 字节的 tile 的第 0 列，行距 33（填充 1 个元素）"));
  CHECK(contains(chinese[3], "k = 32：32 个扇区，搬运的 1 024 字节中用到 128 字节（12.5 %）"));
  CHECK(contains(chinese[6], "+/- 15 % 容差带"));
  // The English bank tables are memlab-bank's (the same title and words).
  CHECK(contains(english[0], "Lane i accesses element i*2 of an array of 4-byte elements (stride 8 bytes)"));
  CHECK(contains(english[0], "4-byte loads: 2 wavefronts, 2-way bank conflict"));
}

TEST_CASE("lab 03's recorded plots read the checker's columns and name a missing one") {
  const std::string pure = pure_sweep_svg(kSweepCsv, 0.15, "Pure", Language::en);
  CHECK(contains(pure, "+/- 15 % band"));
  CHECK(contains(pure, "<title>2: 15763</title>"));  // a measured point
  CHECK(contains(mixed_sweep_svg(kMixedCsv, "Mixed", Language::en), "<title>32: 4.129</title>"));
  CHECK_THROWS_WITH_AS(pure_sweep_svg("stride,gbps\n1,100\n", 0.15, "x", Language::en),
                       doctest::Contains("expected_gbps, pct_of_theory missing"), std::runtime_error);
  CHECK_THROWS_WITH_AS(mixed_sweep_svg("stride,ways,time_vs_stride1\n1,1,1\n2,2,slow\n", "x", Language::en),
                       doctest::Contains("line 3"), std::runtime_error);
}

TEST_CASE("the catalog names each figure once, by its English file") {
  std::set<std::string> names;
  for (const auto& figure : course_figures()) {
    CAPTURE(figure.name);
    CHECK(names.insert(figure.name).second);
    CHECK_FALSE(contains(figure.name, ".zh."));
    CHECK(figure.name.find('/') == std::string::npos);
  }
  CHECK(names.count("bank-stride-2.svg"));
  CHECK(names.count("h200-sweep-solution.svg"));
}

TEST_CASE("folder_differences names missing, changed and extra files; write_folder makes them equal") {
  ScratchDir dir("figure-folder");
  const std::map<std::string, std::string> drawn = {{"a.svg", "A"}, {"a.zh.svg", "甲"}, {"b.svg", "B"}};
  memlab::site::write_file(dir.path() / "a.svg", "A");
  memlab::site::write_file(dir.path() / "a.zh.svg", "changed");
  memlab::site::write_file(dir.path() / "old.svg", "O");
  CHECK(folder_differences(drawn, dir.path()) == std::vector<std::string>{"a.zh.svg: differs from its drawing",
                                                                          "b.svg: missing",
                                                                          "old.svg: no figure is drawn to this file"});
  CHECK(write_folder(drawn, dir.path()) == 3);  // a.zh.svg and b.svg written, old.svg removed
  CHECK(folder_differences(drawn, dir.path()).empty());
  CHECK(write_folder(drawn, dir.path()) == 0);
  CHECK(folder_differences(drawn, dir.path() / "none") ==
        std::vector<std::string>{"a.svg: missing", "a.zh.svg: missing", "b.svg: missing"});
}
