#pragma once
// The pieces that the generated tables of the course text share (the handouts' checks tables,
// the lab tables of README.md and docs/index.md): the cells of a GFM table row, and the region
// of a page between an opening and a closing HTML comment.

#include "problem.hpp"

#include <cmark-gfm.h>

#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

// Cells of one GFM table row, trimmed; an escaped "\|" stays in its cell, as GFM reads it.
std::vector<std::string> row_cells(std::string_view line);
// `text` as one GFM table cell: a bare '|' escaped, so that it does not end the cell early.
std::string escape_table_pipes(std::string_view text);

// The lines of a page's marked region: the first HTML block that starts with `begin_prefix`,
// and the first block after it that starts with `end_prefix`.
struct MarkedRegion {
  int begin = 0;  // line of the opening comment (1-based); 0 when there is none
  int end = 0;    // line of the closing comment; 0 when there is none
  int count = 0;  // opening comments found (more than one is an error for the caller to report)
};

MarkedRegion find_marked_region(cmark_node* root, std::string_view begin_prefix, std::string_view end_prefix);

// Lines [from, to) of a page, each with its newline.
std::string join_lines(const std::vector<std::string>& lines, size_t from, size_t to);

// The region's own lines, its opening and closing comments included (the region must be closed).
std::vector<std::string> region_lines(const std::vector<std::string>& lines, const MarkedRegion& region);

// Whether the region's lines are `expected`, to the byte.
bool region_is(const std::vector<std::string>& lines, const MarkedRegion& region, const std::string& expected);

// A region that differs from `expected`: adds, after the row problems the caller put in
// `problems`, the layout problem when there were none (`writer`: the subcommand that lays the table
// out), and the expected text with the command that writes it; returns the page with the region replaced by `expected`.
std::string rewrite_region(const std::vector<std::string>& lines, const MarkedRegion& region,
                           const std::string& expected, const std::string& page, std::string_view table_name,
                           std::string_view writer, std::string_view rewrite_command, Problems& problems);

}  // namespace memlab::site
