#include "link_refs.hpp"
#include "markdown.hpp"
#include "urls.hpp"

#include "support.hpp"

#include <doctest/doctest.h>

using namespace memlab::site;
using memlab::site::test::contains;

TEST_CASE("classify_url tells external, fragment, relative and absolute links apart") {
  CHECK(classify_url("https://docs.nvidia.com/cuda/") == UrlKind::external);
  CHECK(classify_url("mailto:ta@example.org") == UrlKind::external);
  CHECK(classify_url("data:image/png;base64,AAAA") == UrlKind::external);
  CHECK(classify_url("#what-to-change") == UrlKind::fragment_only);
  CHECK(classify_url("setup.md") == UrlKind::relative);
  CHECK(classify_url("../labs/04-padding/README.md#hint") == UrlKind::relative);
  CHECK(classify_url("figures/a:b.svg") == UrlKind::relative);  // a colon after a slash is no scheme
  CHECK(classify_url("/docs/setup.md") == UrlKind::absolute_path);
}

TEST_CASE("split_url separates path, query and fragment and decodes the path") {
  const UrlParts parts = split_url("my%20notes.md?raw=1#part-two");
  CHECK(parts.path == "my notes.md");
  CHECK(parts.query == "?raw=1");
  CHECK(parts.fragment == "part-two");
  CHECK(split_url("#only").path.empty());
  CHECK(percent_decode("100%") == "100%");
  CHECK(percent_encode_path("figures/bank table #1.svg") == "figures/bank%20table%20%231.svg");
}

TEST_CASE("link_refs finds Markdown links, images and raw HTML href/src with their lines") {
  const Markdown page(
      "# T\n\nSee [setup](setup.md) and ![fig](figures/a.svg).\n\n"
      "<figure>\n<img src=\"figures/b.svg\" alt=\"b\">\n</figure>\n\n"
      "Inline <a href='other.md#x'>raw</a>.\n\n"
      "`[not a link](nope.md)`\n");
  const auto refs = link_refs(page.root());
  REQUIRE(refs.size() == 4);
  CHECK(refs[0].url == "setup.md");
  CHECK_FALSE(refs[0].image);
  CHECK(refs[0].line == 3);
  CHECK(refs[1].url == "figures/a.svg");
  CHECK(refs[1].image);
  CHECK(refs[2].url == "figures/b.svg");
  CHECK(refs[2].image);
  CHECK(refs[2].line == 6);
  CHECK(refs[3].url == "other.md#x");
  CHECK(refs[3].line == 9);
}

TEST_CASE("rewrite_link_urls rewrites Markdown and raw HTML URLs") {
  Markdown page("[a](a.md) ![b](b.svg)\n\n<img src=\"c.svg\"> <a href=\"d.md\">d</a>\n");
  std::vector<int> lines;
  rewrite_link_urls(page.root(), [&](const LinkRef& ref) {
    lines.push_back(ref.line);
    return ref.image ? "img/" + ref.url : ref.url.substr(0, ref.url.size() - 3) + ".html";
  });
  CHECK(lines == std::vector<int>{1, 1, 3, 3});
  const std::string html = page.render_html();
  CHECK(contains(html, "href=\"a.html\""));
  CHECK(contains(html, "src=\"img/b.svg\""));
  CHECK(contains(html, "src=\"img/c.svg\""));
  CHECK(contains(html, "href=\"d.html\""));
}
