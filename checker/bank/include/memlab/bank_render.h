#pragma once
// Views of an analysed warp access: a plain-text bank table for the terminal and an SVG
// figure of the same table for the course pages. Banks are columns; row k of a bank holds
// the k-th distinct 32-bit word it must deliver, so a phase needs as many wavefronts as its
// tallest column.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "memlab/bank_model.h"
#include "memlab/bank_patterns.h"

namespace memlab::bank {

// Lanes as ranges: {0,1,2,3,8,10,11} -> "0-3,8,10-11".
std::string lane_list(const std::vector<int>& lanes);
// One line: wavefronts, phases and the conflict degree.
std::string summary_line(const WarpAccess& access, const AccessResult& result);
// One line per phase: which lanes and what that phase costs.
std::string phase_headline(const AccessResult& result, int phase_index);

// The titles of memlab-bank's views, also those of the course's English bank figures.
std::string stride_title(int elem_bytes, int stride_elems);
std::string tile_title(const TileLayout& tile, TileRead read, int index);

// The words of the SVG table. english_svg_words() holds the English ones above; a caller can
// draw the same table in another language (memlab-figures draws the course's Chinese figures).
struct SvgWords {
  std::function<std::string(const WarpAccess&, const AccessResult&)> summary;
  std::function<std::string(const AccessResult&, int phase_index)> phase_headline;
  // A cell's tooltip from its bank, the word's first byte and the lanes that touch the word.
  std::function<std::string(int bank, std::uint32_t byte, const std::vector<int>& lanes)> cell_tooltip;
  std::string bank_label;  // in front of the row of bank numbers
  // The notes under the table; key_merged only when a phase is served with the one before.
  std::string key_colours, key_cells, key_merged;
};
const SvgWords& english_svg_words();

std::string render_text(const WarpAccess& access, const AccessResult& result, std::string_view title);
std::string render_svg(const WarpAccess& access, const AccessResult& result, std::string_view title,
                       const SvgWords& words = english_svg_words());

}  // namespace memlab::bank
