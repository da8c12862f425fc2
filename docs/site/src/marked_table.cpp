#include "marked_table.hpp"

#include "markdown.hpp"
#include "text.hpp"

#include <algorithm>

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

std::string join_lines(const std::vector<std::string>& lines, size_t from, size_t to) {
  std::string text;
  for (size_t i = from; i < to && i < lines.size(); ++i) text += lines[i] + "\n";
  return text;
}

namespace {
size_t first_line(const MarkedRegion& region) { return static_cast<size_t>(region.begin - 1); }
size_t past_last_line(const MarkedRegion& region) { return static_cast<size_t>(region.end); }
}  // namespace

std::vector<std::string> region_lines(const std::vector<std::string>& lines, const MarkedRegion& region) {
  const size_t from = std::min(first_line(region), lines.size());
  const size_t to = std::min(past_last_line(region), lines.size());
  return std::vector<std::string>(lines.begin() + static_cast<std::ptrdiff_t>(from),
                                  lines.begin() + static_cast<std::ptrdiff_t>(to));
}

bool region_is(const std::vector<std::string>& lines, const MarkedRegion& region, const std::string& expected) {
  return join_lines(lines, first_line(region), past_last_line(region)) == expected;
}

std::string rewrite_region(const std::vector<std::string>& lines, const MarkedRegion& region,
                           const std::string& expected, const std::string& page, std::string_view table_name,
                           std::string_view writer, std::string_view rewrite_command, Problems& problems) {
  const std::string command(rewrite_command);
  if (problems.empty()) {
    problems.push_back(
        {page, region.begin,
         "the " + std::string(table_name) + " is not laid out as " + std::string(writer) + " writes it"});
  }
  problems.push_back({page, region.begin, "expected (" + command + " writes it):\n" + expected});
  return join_lines(lines, 0, first_line(region)) + expected + join_lines(lines, past_last_line(region), lines.size());
}

std::string escape_table_pipes(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '|' && (i == 0 || text[i - 1] != '\\')) out += '\\';
    out += text[i];
  }
  return out;
}

}  // namespace memlab::site
