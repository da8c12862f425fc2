#include "section_numbers.hpp"

#include "markdown.hpp"
#include "markers.hpp"
#include "numbers_in_prose.hpp"
#include "text.hpp"

#include <memlab/section_fingerprints.h>

#include <cmark-gfm.h>

#include <algorithm>

namespace memlab::site {

namespace {

// Hand-written text between markers of the same form (see the header): compared.
constexpr std::string_view kHandWrittenRegion = "instructor-only";

// The marker lines of a passage that only the students' copy shows (checker/tools/course/
// export_markers.h), each a line of its own.
constexpr std::string_view kStudentCopyBegin = "<!-- student-copy: begin";
constexpr std::string_view kStudentCopyEnd = "student-copy: end -->";

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// NAME when `line` is "<!-- NAME: WHAT..." (after any indentation), else "".
std::string region_name(std::string_view line, std::string_view what) {
  size_t at = line.find_first_not_of(" \t");
  if (at == std::string_view::npos || line.substr(at, 4) != "<!--") return "";
  at = line.find_first_not_of(' ', at + 4);
  if (at == std::string_view::npos) return "";
  size_t end = at;
  while (end < line.size() && is_name_char(line[end])) ++end;
  if (end == at || line.substr(end, 2 + what.size()) != ": " + std::string(what)) return "";
  return std::string(line.substr(at, end - at));
}

// For each line (index = 1-based line number), whether it lies in a generated region, its two
// marker lines included. A region opens only where its end line follows; a marker line shown in
// a fenced code block opens none.
std::vector<bool> generated_lines(std::string_view markdown) {
  const std::vector<std::string> lines = split_lines(markdown);
  std::vector<bool> generated(lines.size() + 1, false);
  memlab::section_scan::Fence open;
  for (size_t i = 0; i < lines.size(); ++i) {
    const memlab::section_scan::Fence fence = memlab::section_scan::fence_of(lines[i]);
    if (open.mark != 0) {
      if (fence.mark == open.mark && fence.length >= open.length && memlab::section_scan::is_blank(fence.rest)) {
        open = {};
      }
      continue;
    }
    if (fence.mark != 0) {
      open = fence;
      continue;
    }
    const std::string name = region_name(lines[i], "begin");
    if (name.empty() || name == kHandWrittenRegion) continue;
    for (size_t j = i + 1; j < lines.size(); ++j) {
      if (region_name(lines[j], "end") != name) continue;
      std::fill(generated.begin() + static_cast<long>(i) + 1, generated.begin() + static_cast<long>(j) + 2, true);
      i = j;
      break;
    }
  }
  return generated;
}

// `markdown` with the marker lines of the student copy's passages blanked: the passage is an HTML
// comment in the course and text in the students' copy, so its numbers count. Every other line,
// and so every line number, stays.
std::string with_student_passages_shown(std::string_view markdown) {
  std::string shown;
  for (const std::string& line : split_lines(markdown)) {
    const std::string t = trim(line);
    shown += (t == kStudentCopyBegin || t == kStudentCopyEnd ? "" : line) + "\n";
  }
  return shown;
}

// A link the autolink extension made of a URL written in the text: its text is its URL.
bool is_bare_url(cmark_node* link) {
  const std::string url = cmark_node_get_url(link) ? cmark_node_get_url(link) : "";
  const std::string text = plain_text(link);
  return text == url || url == "mailto:" + text || url == "http://" + text || url == "https://" + text;
}

// The prose of an inline subtree, with a line break (which ends a number) where something that is
// no prose stood: code, raw HTML, a bare URL, the text of a marker.
struct ProseReader {
  std::string text;
  bool in_marker = false;

  void read(cmark_node* parent) {
    for (cmark_node* node = cmark_node_first_child(parent); node; node = cmark_node_next(node)) {
      const cmark_node_type type = cmark_node_get_type(node);
      if (type == CMARK_NODE_TEXT) {
        if (!in_marker) text += cmark_node_get_literal(node);
      } else if (type == CMARK_NODE_HTML_INLINE) {
        const char* html = cmark_node_get_literal(node);
        for (MarkerKind kind : kMarkerKinds) {
          if (marker_open_id(html, kind)) in_marker = true;
          if (is_marker_close(html, kind)) in_marker = false;
        }
        text += '\n';
      } else if (type == CMARK_NODE_CODE || type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK ||
                 (type == CMARK_NODE_LINK && is_bare_url(node))) {
        text += '\n';
      } else {  // emphasis, strikethrough, a link's text, an image's alt text
        read(node);
        text += '\n';
      }
    }
  }
};

bool holds_prose(cmark_node* node) {
  const cmark_node_type type = cmark_node_get_type(node);
  return type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING ||
         std::string_view(cmark_node_get_type_string(node)) == "table_cell";
}

int line_of(cmark_node* node) {
  for (; node; node = cmark_node_parent(node)) {
    if (cmark_node_get_start_line(node) > 0) return cmark_node_get_start_line(node);
  }
  return 0;
}

}  // namespace

std::vector<SectionNumbers> section_numbers(std::string_view markdown) {
  std::vector<SectionNumbers> sections;
  for (const memlab::PageSection& section : memlab::page_sections(markdown)) {
    sections.push_back({section.line, section.heading, {}});
  }
  const std::vector<bool> generated = generated_lines(markdown);
  Markdown page(with_student_passages_shown(markdown));
  for_each_node(page.root(), [&](cmark_node* node) {
    if (!holds_prose(node)) return;
    const int line = line_of(node);
    if (line > 0 && static_cast<size_t>(line) < generated.size() && generated[line]) return;
    ProseReader reader;
    reader.read(node);
    // The last section whose heading is at or above the line (section 0 has line 0).
    const auto after = std::upper_bound(sections.begin() + 1, sections.end(), line,
                                        [](int l, const SectionNumbers& s) { return l < s.line; });
    SectionNumbers& section = *(after - 1);
    for (std::string& number : numbers_in_prose(reader.text)) section.numbers.push_back({std::move(number), line});
  });
  return sections;
}

}  // namespace memlab::site
