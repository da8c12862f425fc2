#include "marked_table.hpp"

#include "markdown.hpp"
#include "text.hpp"

namespace memlab::site {

std::vector<std::string> row_cells(std::string_view line) {
  const std::string text = trim(line);
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '|' && (i == 0 || text[i - 1] != '\\')) {
      cells.push_back(trim(cell));
      cell.clear();
    } else {
      cell += text[i];
    }
  }
  cells.push_back(trim(cell));
  if (!cells.empty() && cells.front().empty()) cells.erase(cells.begin());
  // The empty cell after a closing pipe; a row without one ends with its last real cell.
  if (!cells.empty() && cells.back().empty() && !text.empty() && text.back() == '|') cells.pop_back();
  return cells;
}

MarkedRegion find_marked_region(cmark_node* root, std::string_view begin_prefix, std::string_view end_prefix) {
  MarkedRegion region;
  for (cmark_node* block : nodes_of_type(root, CMARK_NODE_HTML_BLOCK)) {
    const std::string html = trim(cmark_node_get_literal(block));
    const int line = cmark_node_get_start_line(block);
    if (starts_with(html, begin_prefix)) {
      if (++region.count == 1) region.begin = line;
    } else if (starts_with(html, end_prefix) && region.begin != 0 && region.end == 0) {
      region.end = line;
    }
  }
  return region;
}

}  // namespace memlab::site
