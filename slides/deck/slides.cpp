#include "slides.hpp"

#include "markdown.hpp"
#include "text.hpp"

#include <cmark-gfm.h>

#include <regex>

namespace memlab::site {

SlideTrees::SlideTrees(cmark_node* document) {
  cmark_node* current = nullptr;
  while (cmark_node* block = cmark_node_first_child(document)) {
    cmark_node_unlink(block);
    if (cmark_node_get_type(block) == CMARK_NODE_THEMATIC_BREAK) {
      cmark_node_free(block);
      current = nullptr;
      continue;
    }
    if (!current) {
      current = cmark_node_new(CMARK_NODE_DOCUMENT);
      slides_.push_back(current);
    }
    cmark_node_append_child(current, block);
  }
}

SlideTrees::~SlideTrees() {
  for (cmark_node* slide : slides_) cmark_node_free(slide);
}

bool is_title_slide(cmark_node* slide) {
  cmark_node* first = cmark_node_first_child(slide);
  return first && cmark_node_get_type(first) == CMARK_NODE_HEADING && cmark_node_get_heading_level(first) == 1;
}

Problems setext_underline_warnings(const Markdown& deck, const std::string& file) {
  static const std::regex atx_start(R"re(^ {0,3}#)re");
  static const std::regex dash_underline(R"re(^ {0,3}-+[ \t]*$)re");
  static const std::regex any_underline(R"re(^ {0,3}(-+|=+)[ \t]*$)re");
  const auto lines = split_lines(deck.source());
  Problems warnings;
  for (cmark_node* block = cmark_node_first_child(deck.root()); block; block = cmark_node_next(block)) {
    if (cmark_node_get_type(block) != CMARK_NODE_HEADING) continue;
    const auto first = static_cast<size_t>(cmark_node_get_start_line(block));
    if (first == 0 || first > lines.size() || std::regex_search(lines[first - 1], atx_start)) continue;
    for (size_t i = first; i < lines.size(); ++i) {  // lines[i] is line i + 1
      if (!std::regex_match(lines[i], any_underline)) continue;
      if (std::regex_match(lines[i], dash_underline)) {
        warnings.push_back({file, static_cast<int>(i + 1),
                            "this '---' makes the line above a heading, not a new slide; "
                            "put a blank line before it to start a slide"});
      }
      break;
    }
  }
  return warnings;
}

std::vector<std::string> render_slides(std::string_view markdown) {
  Markdown deck(markdown);
  SlideTrees trees(deck.root());
  std::vector<std::string> html;
  for (cmark_node* slide : trees.slides()) html.push_back(deck.render_html(slide));
  return html;
}

}  // namespace memlab::site
