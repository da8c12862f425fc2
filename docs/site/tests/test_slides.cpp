#include "slides.hpp"

#include "markdown.hpp"
#include "support.hpp"
#include "text.hpp"

#include <doctest/doctest.h>

#include <cmark-gfm.h>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;

TEST_CASE("a top-level thematic break starts a new slide") {
  const auto slides = render_slides("# One\n\n---\n\n## Two\n\ntext\n\n***\n\n## Three\n");
  REQUIRE(slides.size() == 3);
  CHECK(contains(slides[0], "<h1>One</h1>"));
  CHECK(contains(slides[1], "<h2>Two</h2>"));
  CHECK(contains(slides[1], "<p>text</p>"));
  CHECK(contains(slides[2], "<h2>Three</h2>"));
  CHECK_FALSE(contains(slides[0] + slides[1] + slides[2], "<hr"));
}

TEST_CASE("dashes in code fences, table delimiter rows and lists do not split") {
  const auto slides = render_slides(read_file(fixture("slides/tricky.md")));
  REQUIRE(slides.size() == 5);
  CHECK(contains(slides[0], "<h1>Title slide</h1>"));
  CHECK(contains(slides[1], "---\n***\n"));  // both fences kept whole
  CHECK(contains(slides[2], "<table>"));
  CHECK(contains(slides[3], "item two"));
  CHECK(contains(slides[4], "<h2>Setext trap</h2>"));
  CHECK(contains(slides[4], "Last slide text."));
}

TEST_CASE("empty slides are dropped: leading, doubled and trailing breaks") {
  CHECK(render_slides("---\n\n# A\n\n---\n\n---\n\n# B\n\n---\n").size() == 2);
  CHECK(render_slides("").empty());
}

TEST_CASE("a dash underline under text is a heading, and the deck warns about it") {
  const Markdown deck(read_file(fixture("slides/tricky.md")));
  const Problems warnings = setext_underline_warnings(deck, "slides/tricky.md");
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].line == 35);
  CHECK(contains(warnings[0].message, "not a new slide"));

  const Markdown fine("Title\n=====\n\n# ATX\n\ntext\n\n---\n");
  CHECK(setext_underline_warnings(fine, "x.md").empty());
}

TEST_CASE("is_title_slide marks slides that open with a level-1 heading") {
  Markdown deck("# Title\n\n---\n\n## Body\n");
  SlideTrees trees(deck.root());
  REQUIRE(trees.slides().size() == 2);
  CHECK(is_title_slide(trees.slides()[0]));
  CHECK_FALSE(is_title_slide(trees.slides()[1]));
}

TEST_CASE("slides keep the deck's link reference definitions") {
  const auto slides = render_slides("[ref]: https://example.org\n\n# A\n\n---\n\nsee [the site][ref]\n");
  REQUIRE(slides.size() == 2);
  CHECK(contains(slides[1], "href=\"https://example.org\""));
}
