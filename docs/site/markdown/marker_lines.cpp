#include "marker_lines.hpp"

#include "markdown.hpp"
#include "markers.hpp"

#include <cmark-gfm.h>

#include <algorithm>
#include <set>
#include <string_view>

namespace memlab::site {

namespace {

// An HTML block that begins with a marker of any kind (CommonMark allows three spaces before it).
bool starts_with_marker(const char* literal) {
  std::string_view html(literal ? literal : "");
  const size_t first = html.find_first_not_of(' ');
  if (first == std::string_view::npos || first > 3) return false;
  for (MarkerKind kind : kMarkerKinds) {
    const std::string_view prefix = marker_open_prefix(kind);
    if (html.substr(first, prefix.size()) == prefix) return true;
  }
  return false;
}

// Where the line's first marker of any kind begins, or npos.
size_t first_marker_at(std::string_view line) {
  size_t first = std::string_view::npos;
  for (MarkerKind kind : kMarkerKinds) first = std::min(first, line.find(marker_open_prefix(kind)));
  return first;
}

}  // namespace

std::string shield_line_start_markers(std::string_view markdown, cmark_node* parsed) {
  std::set<int> lines;
  for (cmark_node* block : nodes_of_type(parsed, CMARK_NODE_HTML_BLOCK)) {
    if (starts_with_marker(cmark_node_get_literal(block))) lines.insert(cmark_node_get_start_line(block));
  }
  if (lines.empty()) return "";
  std::string shielded;
  shielded.reserve(markdown.size() + lines.size() * kMarkerShield.size());
  int line = 1;
  size_t start = 0;
  while (start < markdown.size()) {
    size_t end = markdown.find('\n', start);
    end = end == std::string_view::npos ? markdown.size() : end + 1;
    const std::string_view text = markdown.substr(start, end - start);
    // The block starts at the line's first marker: a container prefix ("> ", "- ") holds none.
    const size_t at = lines.count(line) ? first_marker_at(text) : std::string_view::npos;
    if (at == std::string_view::npos) {
      shielded += text;
    } else {
      shielded += text.substr(0, at);
      shielded += kMarkerShield;
      shielded += text.substr(at);
    }
    start = end;
    ++line;
  }
  return shielded;
}

void remove_marker_shields(cmark_node* root) {
  for (cmark_node* node : nodes_of_type(root, CMARK_NODE_HTML_INLINE)) {
    if (cmark_node_get_literal(node) == kMarkerShield) {
      cmark_node_unlink(node);
      cmark_node_free(node);
    }
  }
}

}  // namespace memlab::site
