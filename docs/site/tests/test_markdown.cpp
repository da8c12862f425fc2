#include "markdown.hpp"

#include "support.hpp"

#include <doctest/doctest.h>

using namespace memlab::site;
using memlab::site::test::contains;

TEST_CASE("GFM extensions are on: tables, strikethrough, autolinks") {
  const Markdown page("| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ and https://example.org\n");
  const std::string html = page.render_html();
  CHECK(contains(html, "<table>"));
  CHECK(contains(html, "<td>2</td>"));
  CHECK(contains(html, "<del>gone</del>"));
  CHECK(contains(html, "<a href=\"https://example.org\">"));
}

TEST_CASE("raw HTML is kept, since threshold markers are HTML comments") {
  const Markdown page("x <!--threshold:a-->1x<!--/threshold--> <kbd>Space</kbd>\n");
  CHECK(contains(page.render_html(), "<!--threshold:a-->"));
  CHECK(contains(page.render_html(), "<kbd>Space</kbd>"));
}

TEST_CASE("code blocks carry their language as a class") {
  const Markdown page("```cuda compile\n__global__ void k() {}\n```\n");
  CHECK(contains(page.render_html(), "class=\"language-cuda\""));
}

TEST_CASE("first_heading_text is the page title") {
  CHECK(first_heading_text(Markdown("intro\n\n# Lab 04: *Padding* `tile[32][33]`\n\n## Later\n").root()) ==
        "Lab 04: Padding tile[32][33]");
  CHECK(first_heading_text(Markdown("Setext title\n============\n").root()) == "Setext title");
  CHECK(first_heading_text(Markdown("## Starts at level two\n").root()) == "Starts at level two");
  CHECK(first_heading_text(Markdown("no heading at all\n").root()).empty());
  CHECK(first_heading_text(Markdown("```\n# not a heading\n```\n").root()).empty());
}

TEST_CASE("heading_slug follows GitHub's anchors") {
  CHECK(heading_slug("What to change") == "what-to-change");
  CHECK(heading_slug("Lab 04: Padding (32x33)") == "lab-04-padding-32x33");
  CHECK(heading_slug("  float4 & misaligned_starts ") == "float4--misaligned_starts");
  CHECK(heading_slug("Bänke") == "bänke");
}

TEST_CASE("SlugSet numbers repeated anchors") {
  SlugSet slugs;
  CHECK(slugs.unique("setup") == "setup");
  CHECK(slugs.unique("setup") == "setup-1");
  CHECK(slugs.unique("setup") == "setup-2");
  CHECK(slugs.unique("other") == "other");
}

TEST_CASE("anchors_of lists heading anchors and ids in raw HTML") {
  const Markdown page("# Setup\n\n## Setup\n\n<div id=\"figure-1\"></div>\n\nx <a name='old'></a>\n");
  const auto anchors = anchors_of(page.root());
  CHECK(anchors == std::set<std::string>{"setup", "setup-1", "figure-1", "old"});
}

TEST_CASE("add_heading_anchors gives each heading the anchor links point at") {
  Markdown page("# Setup\n\n## Setup\n");
  add_heading_anchors(page.root());
  const std::string html = page.render_html();
  CHECK(contains(html, "<h1><a class=\"anchor\" id=\"setup\" href=\"#setup\""));
  CHECK(contains(html, "<h2><a class=\"anchor\" id=\"setup-1\" href=\"#setup-1\""));
  CHECK(first_heading_text(page.root()) == "Setup");  // the anchor adds no text
}

TEST_CASE("wrap_tables puts every table, nested ones too, in a box that scrolls") {
  Markdown page("| a | b |\n|---|---|\n| 1 | 2 |\n\n- item\n\n  | c |\n  |---|\n  | 3 |\n\nno table here\n");
  wrap_tables(page.root());
  const std::string html = page.render_html();
  CHECK(contains(html, "<div class=\"table-scroll\">\n<table>"));
  CHECK(contains(html, "</table>\n</div>"));
  size_t boxes = 0;
  for (size_t at = html.find("table-scroll"); at != std::string::npos; at = html.find("table-scroll", at + 1)) ++boxes;
  CHECK(boxes == 2);
  CHECK(contains(html, "<p>no table here</p>"));
}
