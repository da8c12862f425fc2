// Splitting a lecture's Markdown into slides. A thematic break ("---", "***", "___") at the top
// level of the document starts a new slide; the same characters inside a code fence, a table's
// delimiter row or a list do not, because the split follows cmark's tree, not the text.
#pragma once

#include "problem.hpp"

#include <string>
#include <string_view>
#include <vector>

struct cmark_node;

namespace memlab::site {

class Markdown;

// Owns one DOCUMENT node per slide, built by moving the blocks out of `document` (which is
// left empty). Slides with no content (two breaks in a row, a break at the end) are dropped.
class SlideTrees {
 public:
  explicit SlideTrees(cmark_node* document);
  ~SlideTrees();
  SlideTrees(const SlideTrees&) = delete;
  SlideTrees& operator=(const SlideTrees&) = delete;

  const std::vector<cmark_node*>& slides() const { return slides_; }

 private:
  std::vector<cmark_node*> slides_;
};

// True when the slide opens with a level-1 heading: rendered as a centred title slide.
bool is_title_slide(cmark_node* slide);

// "Text\n---" is a setext heading in CommonMark, not a slide break. Authors rarely mean that
// in a deck, so each such heading is reported with the line of its underline.
Problems setext_underline_warnings(const Markdown& deck, const std::string& file);

// The slides of a deck as HTML, one string per slide (no site processing): for tests and tools.
std::vector<std::string> render_slides(std::string_view markdown);

}  // namespace memlab::site
