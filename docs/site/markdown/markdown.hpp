// cmark-gfm behind a small C++ face: parse with the GFM extensions the course uses, walk the
// tree, render HTML. Raw HTML is kept (the course text is our own, and threshold markers are
// HTML comments); a marker at the start of a line stays in its paragraph (marker_lines.hpp).
#pragma once

#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

struct cmark_node;
struct cmark_parser;

namespace memlab::site {

class Markdown {
 public:
  explicit Markdown(std::string_view text);
  ~Markdown();
  Markdown(const Markdown&) = delete;
  Markdown& operator=(const Markdown&) = delete;

  cmark_node* root() const { return root_; }
  const std::string& source() const { return source_; }

  // Renders `node` (the whole document by default) with the parser's extensions attached,
  // so tables and strikethrough render wherever the node was moved to.
  std::string render_html(cmark_node* node = nullptr) const;

 private:
  void parse(std::string_view text);  // sets parser_ and root_

  std::string source_;
  cmark_parser* parser_;
  cmark_node* root_;
};

// Calls `visit` for every node below `root` (root included) in document order. Safe against
// edits of the visited node's children, not against removal of the visited node itself.
void for_each_node(cmark_node* root, const std::function<void(cmark_node*)>& visit);

// Collects the nodes first, so `visit` may unlink or replace the node it is given.
std::vector<cmark_node*> nodes_of_type(cmark_node* root, int type);

// Text of an inline subtree as a reader sees it (code spans included, markup dropped).
std::string plain_text(cmark_node* node);

// GitHub-style anchor of a heading text: lower case, spaces to '-', punctuation dropped.
std::string heading_slug(std::string_view text);

// Hands out unique anchors for one page: the second "intro" becomes "intro-1".
class SlugSet {
 public:
  std::string unique(const std::string& slug);

 private:
  std::set<std::string> used_;
};

// Text of the first heading in the document, or "" when there is none.
std::string first_heading_text(cmark_node* root);

// Every anchor a link may point at: heading slugs plus id="..." / name="..." in raw HTML.
std::set<std::string> anchors_of(cmark_node* root);

// Puts each table in a <div class="table-scroll">: a table wider than the text column scrolls
// inside that box (site.css), and the table itself keeps its table layout, so its cells wrap
// before the box has to scroll.
void wrap_tables(cmark_node* root);

// Each heading's unique anchor, in document order (what add_heading_anchors gives them).
std::vector<std::string> heading_anchors(cmark_node* root);

// Gives each heading an anchor (an <a id=... href="#..."> at its start), so "#section" links
// work on the rendered page and readers can copy a link to any section. With `anchors` (a
// translation: its English page's heading_anchors, one per heading), heading i gets anchors[i],
// so a link into either language reaches the same section; a count that differs is ignored
// (check-translations reports it) and the page's own slugs are used.
void add_heading_anchors(cmark_node* root, const std::vector<std::string>& anchors = {});

}  // namespace memlab::site
