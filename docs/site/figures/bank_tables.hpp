// The course's bank-table figures: the bank model's own SVG table (memlab::bank::render_svg,
// what `memlab-bank --svg` writes) with its title, in English (memlab-bank's words) or in
// Simplified Chinese (the words of bank_tables.cpp, in the terms of docs/glossary.zh.md:
// warp, lane, bank, tile and wavefront stay English).
#pragma once

#include "languages.hpp"
#include "memlab/bank_patterns.h"

#include <optional>
#include <string>

namespace memlab::site::figures {

// What a bank figure shows: lane i accesses element i*stride of an array, or the warp reads
// one column of a tile.
struct BankView {
  int elem_bytes = 4;
  int stride = 0;                        // when tile is not set; 0 is a broadcast
  std::optional<bank::TileLayout> tile;  // the column `column` of this tile
  int column = 0;
};

BankView stride_view(int elem_bytes, int stride);
BankView tile_column_view(const bank::TileLayout& tile, int column);

std::string bank_table_svg(const BankView& view, Language language);

}  // namespace memlab::site::figures
