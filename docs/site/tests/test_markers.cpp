#include "markers.hpp"

#include "markdown.hpp"
#include "support.hpp"

#include <doctest/doctest.h>

using namespace memlab::site;
using memlab::site::test::contains;

namespace {

std::vector<Marker> markers_of(const std::string& markdown, Problems* problems = nullptr) {
  const Markdown page(markdown);
  std::vector<Marker> found;
  Problems local;
  visit_markers(
      page.root(), "page.md",
      [&](const Marker& marker) -> std::optional<MarkerValue> {
        found.push_back(marker);
        return std::nullopt;
      },
      problems ? *problems : local);
  return found;
}

std::string rendered_with(const std::string& markdown, const std::string& value) {
  Markdown page(markdown);
  Problems problems;
  visit_markers(
      page.root(), "page.md",
      [&](const Marker&) -> std::optional<MarkerValue> {
        return MarkerValue{value, "labs/04-padding/lab.json"};
      },
      problems);
  return page.render_html();
}

}  // namespace

TEST_CASE("marker_open_id and is_marker_close recognise the two comments") {
  CHECK(marker_open_id("<!--threshold:speedup_vs_starter-->") == std::optional<std::string>("speedup_vs_starter"));
  CHECK(marker_open_id("<!--threshold: 04/speedup -->") == std::optional<std::string>("04/speedup"));
  CHECK_FALSE(marker_open_id("<!--threshold:-->"));
  CHECK_FALSE(marker_open_id("<!-- a comment -->"));
  CHECK_FALSE(marker_open_id("<!--/threshold-->"));
  CHECK(is_marker_close("<!--/threshold-->"));
  CHECK_FALSE(is_marker_close("<!--threshold:x-->"));
}

TEST_CASE("markers_in_html finds markers in raw HTML with their lines") {
  const auto markers = markers_in_html(
      "<p>a <!--threshold:x-->1.8x<!--/threshold-->\nb <!--threshold:y-->75 %<!--/threshold--></p>", 10);
  REQUIRE(markers.size() == 2);
  CHECK(markers[0].id == "x");
  CHECK(markers[0].text == "1.8x");
  CHECK(markers[0].line == 10);
  CHECK(markers[1].id == "y");
  CHECK(markers[1].text == "75 %");
  CHECK(markers[1].line == 11);
}

TEST_CASE("markers are found in paragraphs, tables, emphasis and HTML blocks, not in code") {
  const auto markers = markers_of(
      "Speed: <!--threshold:a-->1.8x<!--/threshold-->.\n\n"
      "| check | required |\n|---|---|\n| b | <!--threshold:b-->75 %<!--/threshold--> |\n\n"
      "**<!--threshold:c-->1.1 wavefronts<!--/threshold-->**\n\n"
      "<!--threshold:d-->3x<!--/threshold--> starts an HTML block\n\n"
      "`<!--threshold:code-->1x<!--/threshold-->`\n\n"
      "```\n<!--threshold:fenced-->1x<!--/threshold-->\n```\n");
  REQUIRE(markers.size() == 4);
  CHECK(markers[0].id == "a");
  CHECK(markers[0].text == "1.8x");
  CHECK(markers[0].line == 1);
  CHECK(markers[1].id == "b");
  CHECK(markers[1].text == "75 %");
  CHECK(markers[1].line == 5);
  CHECK(markers[2].id == "c");
  CHECK(markers[2].line == 7);
  CHECK(markers[3].id == "d");
  CHECK(markers[3].line == 9);
}

TEST_CASE("a marker without its closing comment is reported, and markers do not nest") {
  Problems problems;
  const auto markers = markers_of(
      "a <!--threshold:x-->1.8x and no end\n\n"
      "b <!--threshold:y-->1x <!--threshold:z-->2x<!--/threshold-->\n\n"
      "<div><!--threshold:w-->3x</div>\n",
      &problems);
  REQUIRE(markers.size() == 1);
  CHECK(markers[0].id == "z");
  REQUIRE(problems.size() == 3);
  CHECK(problems[0].line == 1);
  CHECK(contains(problems[0].message, "\"x\""));
  CHECK(problems[1].line == 3);
  CHECK(problems[2].line == 5);
}

TEST_CASE("a resolved marker renders the given value in place of the author's text") {
  const std::string html = rendered_with("Target: <!--threshold:a-->1.7x<!--/threshold-->.\n", "1.8x");
  CHECK(
      contains(html, "<span class=\"threshold\" title=\"required value, from labs/04-padding/lab.json\">1.8x</span>"));
  CHECK_FALSE(contains(html, "1.7x"));

  const std::string block = rendered_with("<!--threshold:a-->1.7x<!--/threshold--> in a block\n", "1.8x");
  CHECK(contains(block, ">1.8x</span> in a block"));
  CHECK_FALSE(contains(block, "1.7x"));
}

TEST_CASE("a marker at the start of a line stays in its paragraph") {
  // CommonMark reads "<!--" at the start of a line as an HTML block, which would end the
  // paragraph above, keep the rest of the line as raw text and start a new paragraph below.
  const std::string text =
      "The kernel must reach at least\n"
      "<!--threshold:a-->75 %<!--/threshold--> of the **copy** roofline, and at most\n"
      "<!--threshold:b-->1.3 wavefronts<!--/threshold--> per load.\n"
      "That is all.\n";
  const std::string html = rendered_with(text, "80 %");
  CHECK(html ==
        "<p>The kernel must reach at least\n"
        "<span class=\"threshold\" title=\"required value, from labs/04-padding/lab.json\">80 %</span>"
        " of the <strong>copy</strong> roofline, and at most\n"
        "<span class=\"threshold\" title=\"required value, from labs/04-padding/lab.json\">80 %</span>"
        " per load.\nThat is all.</p>\n");

  const auto markers = markers_of(text);
  REQUIRE(markers.size() == 2);
  CHECK(markers[0].id == "a");
  CHECK(markers[0].line == 2);  // the lines are the file's, as before the repair
  CHECK(markers[1].line == 3);
}

TEST_CASE("a marker that opens a paragraph, a list item or a quote keeps its line's Markdown") {
  const std::string html = rendered_with(
      "<!--threshold:a-->2x<!--/threshold--> is the **bar**,\nsays the text.\n\n"
      "- <!--threshold:a-->2x<!--/threshold--> in a [list](x.md)\n\n"
      "> quoted\n> <!--threshold:a-->2x<!--/threshold--> too\n",
      "1.8x");
  CHECK(contains(html, "<p><span class=\"threshold\""));
  CHECK(contains(html, ">1.8x</span> is the <strong>bar</strong>,\nsays the text.</p>"));
  CHECK(contains(html, "<li><span class=\"threshold\""));
  CHECK(contains(html, "in a <a href=\"x.md\">list</a></li>"));
  CHECK(contains(html, "<p>quoted\n<span class=\"threshold\""));
  CHECK_FALSE(contains(html, "memlab"));  // no trace of the repair in the page
}

TEST_CASE("other HTML blocks and markers in code are left as CommonMark reads them") {
  const Markdown page("Text\n<!-- a comment -->\nmore\n\n```\n<!--threshold:a-->1x<!--/threshold-->\n```\n");
  const std::string html = page.render_html();
  CHECK(contains(html, "<p>Text</p>\n<!-- a comment -->\n<p>more</p>"));
  CHECK(contains(html, "<pre><code>&lt;!--threshold:a--&gt;1x"));
}

TEST_CASE("with_marker_texts changes the quoted text of the markers it is given and nothing else") {
  const std::string text =
      "`<!--threshold:a-->` in code never closes\n"
      "then <!--threshold:a-->1x<!--/threshold--> and <!--threshold: b -->2x<!--/threshold-->\n"
      "```\n<!--threshold:a-->1x<!--/threshold-->\n```\n"
      "<!--threshold:a-->1x<!--/threshold--> again\n";
  // The places visit_markers reports: the fenced marker (line 4) is none of them.
  std::map<MarkerPlace, std::string> texts = {{{2, "a"}, "一倍"}, {{2, "b"}, "2x"}, {{6, "a"}, "一倍"}};
  CHECK(with_marker_texts(text, texts) ==
        "`<!--threshold:a-->` in code never closes\n"
        "then <!--threshold:a-->一倍<!--/threshold--> and <!--threshold: b -->2x<!--/threshold-->\n"
        "```\n<!--threshold:a-->1x<!--/threshold-->\n```\n"
        "<!--threshold:a-->一倍<!--/threshold--> again\n");
  CHECK(with_marker_texts(text, {}) == text);
  // A measured marker is another kind: a threshold rewrite leaves it alone.
  const std::string measured = "<!--measured:docs/x.csv-->1x<!--/measured-->\n";
  CHECK(with_marker_texts(measured, {{{1, "docs/x.csv"}, "2x"}}) == measured);
  CHECK(with_marker_texts(measured, {{{1, "docs/x.csv"}, "2x"}}, MarkerKind::measured) ==
        "<!--measured:docs/x.csv-->2x<!--/measured-->\n");
}
