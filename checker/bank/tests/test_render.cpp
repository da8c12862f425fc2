// Text and SVG views of the bank table.
#include <doctest/doctest.h>

#include "memlab/bank_patterns.h"
#include "memlab/bank_render.h"

namespace memlab::bank {
namespace {

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

TEST_SUITE("render") {
  TEST_CASE("lane_list writes ranges") {
    CHECK(lane_list({}) == "");
    CHECK(lane_list({5}) == "5");
    CHECK(lane_list({0, 1, 2, 3, 8, 10, 11}) == "0-3,8,10-11");
  }

  TEST_CASE("summary and phase lines") {
    const WarpAccess column = tile_access(TileLayout{}, TileRead::column, 0);
    CHECK(summary_line(column, analyze(column)) == "4-byte loads: 32 wavefronts, 32-way bank conflict");
    const WarpAccess doubles = stride_access(8, 1, MemoryOp::store);
    CHECK(summary_line(doubles, analyze(doubles)) ==
          "8-byte stores: 2 wavefronts in 2 phases of 16 lanes, conflict-free");
    const AccessResult broadcast = analyze(stride_access(8, 0));
    CHECK(phase_headline(broadcast, 0) ==
          "phase 1 of 2, lanes 0-15: served together with phase 2 as one phase, 1 wavefront, conflict-free");
    CHECK(phase_headline(broadcast, 1) ==
          "phase 2 of 2, lanes 16-31: served with phase 1 (0 more wavefronts; the pair rule, see bank_model.h)");
    const AccessResult doubles_loaded = analyze(stride_access(8, 1));
    CHECK(phase_headline(doubles_loaded, 1) == "phase 2 of 2, lanes 16-31: 1 wavefront, conflict-free");
    WarpAccess lower = stride_access(8, 1);
    lower.active_mask = 0xffffu;
    CHECK(phase_headline(analyze(lower), 1) == "phase 2 of 2, lanes 16-31: no active lane, 0 wavefronts");
  }

  TEST_CASE("the text table shows each bank's words and lanes") {
    const WarpAccess access = stride_access(4, 2);
    const std::string text = render_text(access, analyze(access), "stride 2");
    CHECK(text.rfind("stride 2\n4-byte loads: 2 wavefronts, 2-way bank conflict\n", 0) == 0);
    // Lane 0 and lane 16 share bank 0: rows w1 and w2 start with them.
    CHECK(text.find("  w1      0   .   1   .") != std::string::npos);
    CHECK(text.find("  w2     16   .  17   .") != std::string::npos);
    CHECK(text.find(" \n") == std::string::npos);  // no trailing blanks
    for (const auto& line : {std::string("  bank    0   1"), std::string("  bank   16  17")})
      CHECK(text.find(line) != std::string::npos);
  }

  TEST_CASE("shared words are marked and listed") {
    const WarpAccess halves = stride_access(2, 1);
    const std::string text = render_text(halves, analyze(halves), "halves");
    CHECK(text.find("  0*") != std::string::npos);
    CHECK(text.find("* bank 0, word at byte 0: lanes 0-1") != std::string::npos);
    CHECK(text.find("and 8 more shared words") != std::string::npos);
  }

  TEST_CASE("the SVG is one self-contained, well-nested document") {
    const WarpAccess access = tile_access(TileLayout{}, TileRead::column, 0);
    const std::string svg = render_svg(access, analyze(access), "a <column> & more");
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.size() >= 7);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    CHECK(svg.find("a &lt;column&gt; &amp; more") != std::string::npos);
    CHECK(svg.find("<column>") == std::string::npos);
    CHECK(count_of(svg, "<text") == count_of(svg, "</text>"));
    CHECK(count_of(svg, "<rect") == count_of(svg, "</rect>") + 1);  // + the background
    CHECK(count_of(svg, "<title>bank 0,") == 32);                   // 32 distinct words in bank 0
    CHECK(svg.find("href") == std::string::npos);                   // nothing external
  }

  TEST_CASE("the SVG table takes its words from the caller; the default ones are memlab-bank's") {
    const WarpAccess access = stride_access(4, 2);
    const AccessResult result = analyze(access);
    SvgWords words = english_svg_words();
    words.summary = [](const WarpAccess&, const AccessResult&) { return std::string("SUMMARY"); };
    words.key_cells = "KEY";
    const std::string svg = render_svg(access, result, "t", words);
    CHECK(svg.find(">SUMMARY</text>") != std::string::npos);
    CHECK(svg.find(">KEY</text>") != std::string::npos);
    CHECK(render_svg(access, result, "t").find(">" + summary_line(access, result) + "</text>") != std::string::npos);
    CHECK(stride_title(4, 2) == "Lane i accesses element i*2 of an array of 4-byte elements (stride 8 bytes)");
    CHECK(tile_title(TileLayout{32, 32, 1, 4, TileSwizzle::none}, TileRead::column, 0) ==
          "Column 0 of a 32x32 tile of 4-byte elements, row pitch 33 (padded by 1)");
  }
}

}  // namespace
}  // namespace memlab::bank
