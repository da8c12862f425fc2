#include "site.hpp"

#include "site_writer.hpp"
#include "support.hpp"
#include "text.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;
using memlab::site::test::ScratchDir;

TEST_CASE("render_site turns the fixture course into linked pages") {
  ScratchDir out("site");
  const RenderSummary summary = render_site({fixture("course"), out.path()});
  CHECK(summary.problems.empty());
  CHECK(summary.pages == 4);  // index, setup, the lab, the deck index
  CHECK(summary.decks == 1);

  const std::string home = read_file(out.path() / "index.html");
  CHECK(contains(home, "<title>Fixture course \xE2\x80\x94 CUDA Memory Labs</title>"));
  CHECK(contains(home, "href=\"setup.html\""));
  CHECK(contains(home, "href=\"labs/04-padding/index.html#what-to-change\""));
  CHECK(contains(home, "href=\"labs/04-padding/index.html\">lab folder"));
  CHECK(contains(home, "src=\"figures/bank-table.svg\""));
  CHECK(contains(home, "<span class=\"threshold\""));
  CHECK(contains(home, "class=\"language-cpp\""));
  CHECK(contains(home, "<link rel=\"stylesheet\" href=\"site.css\">"));

  SUBCASE("the sidebar lists docs in nav order, then labs, then slides") {
    const size_t home_link = home.find(">Fixture course</a></li>");
    const size_t setup_link = home.find(">Setup</a></li>");
    const size_t lab_link = home.find(">Lab 04: Padding</a></li>");
    const size_t decks_link = home.find(">All decks</a></li>");
    CHECK(home_link < setup_link);
    CHECK(setup_link < lab_link);
    CHECK(lab_link < decks_link);
    CHECK(contains(home, "<li><a href=\"index.html\" aria-current=\"page\">"));
  }
  SUBCASE("measured numbers keep the author's text and name their record") {
    const std::string setup = read_file(out.path() / "setup.html");
    CHECK(contains(setup,
                   "<span class=\"measured\" title=\"measured: docs/results/h200/lab04.json#speedup_vs_starter\">"
                   "4.41x</span>"));
    CHECK(contains(setup, ">85.5 %</span> of the <strong>copy</strong>"));  // a line-start marker stays inline
    CHECK(contains(read_file(out.path() / "slides/01-banks.html"), ">3 985 GB/s</span>"));
  }
  SUBCASE("tables scroll in their own box") {
    const std::string lab = read_file(out.path() / "labs/04-padding/index.html");
    CHECK(contains(lab, "<div class=\"table-scroll\">\n<table>"));
    CHECK_FALSE(contains(lab, "<header class=\"page-home\""));  // the sidebar links home already
  }
  SUBCASE("a lab page links back up and figures and linked files are copied") {
    const std::string lab = read_file(out.path() / "labs/04-padding/index.html");
    CHECK(contains(lab, "href=\"../../index.html\""));
    CHECK(contains(lab, "href=\"../../site.css\""));
    CHECK(fs::is_regular_file(out.path() / "figures/bank-table.svg"));
    CHECK(fs::is_regular_file(out.path() / "labs/04-padding/lab.h"));
    CHECK(fs::is_regular_file(out.path() / "site.css"));
  }
  SUBCASE("the deck is one self-contained file") {
    const std::string deck = read_file(out.path() / "slides/01-banks.html");
    CHECK(contains(deck, "data-slide-count=\"4\""));
    CHECK(contains(deck, "src=\"data:image/svg+xml;base64,"));
    CHECK(contains(deck, "<style>"));
    CHECK(contains(deck, "<script>"));
    CHECK(contains(deck, "@media print"));
    CHECK_FALSE(contains(deck, "<link rel=\"stylesheet\""));
    CHECK(contains(deck, "href=\"../labs/04-padding/index.html\""));
    // Every slide's footer leads back to the course home.
    const std::string home = "<a class=\"deck-home\" href=\"../index.html\">CUDA Memory Labs</a>";
    size_t links = 0;
    for (size_t at = deck.find(home); at != std::string::npos; at = deck.find(home, at + 1)) ++links;
    CHECK(links == 4);
    const std::string index = read_file(out.path() / "slides/index.html");
    CHECK(contains(index, "<a href=\"01-banks.html\">Shared-memory banks</a>"));
  }
}

TEST_CASE("the site shows the manifest's value even where the text quotes another") {
  ScratchDir out("site-broken");
  const RenderSummary summary = render_site({fixture("broken"), out.path()});
  const std::string home = read_file(out.path() / "index.html");
  CHECK(contains(home, ">3x</span>"));
  CHECK_FALSE(contains(home, "2.5x"));
  CHECK_FALSE(summary.problems.empty());  // the broken links and markers are reported
  CHECK(std::any_of(summary.problems.begin(), summary.problems.end(), [](const Problem& p) {
    return p.file == "docs/measured.md" && p.line == 3 && contains(p.message, "3.41 is not in");
  }));
  // A measured marker shows the author's text even where it is wrong.
  CHECK(contains(read_file(out.path() / "measured.html"), ">3.41x</span>"));
}

TEST_CASE("an empty repository renders a generated home page") {
  ScratchDir repo("empty-repo");
  fs::create_directories(repo.path() / "docs");
  ScratchDir out("empty-site");
  const RenderSummary summary = render_site({repo.path(), out.path()});
  CHECK(summary.problems.empty());
  CHECK(summary.pages == 1);
  CHECK(contains(read_file(out.path() / "index.html"), "<h1>CUDA Memory Labs</h1>"));
  CHECK_FALSE(fs::exists(out.path() / "slides"));
}

TEST_CASE("pages whose sources are gone are removed on the next render") {
  ScratchDir repo("stale-repo");
  write_file(repo.path() / "docs/index.md", "# Home\n");
  write_file(repo.path() / "docs/old.md", "# Old\n");
  ScratchDir out("stale-site");
  write_file(out.path() / "keep-me.txt", "not ours");
  render_site({repo.path(), out.path()});
  CHECK(fs::exists(out.path() / "old.html"));
  fs::remove(repo.path() / "docs/old.md");
  render_site({repo.path(), out.path()});
  CHECK_FALSE(fs::exists(out.path() / "old.html"));
  CHECK(fs::exists(out.path() / "index.html"));
  CHECK(fs::exists(out.path() / "keep-me.txt"));  // files the renderer did not write stay
  CHECK(contains(read_file(out.path() / SiteWriter::kManifestName), "index.html\n"));
}

TEST_CASE("render_decks and render_one_deck write decks on their own") {
  ScratchDir out("decks");
  const RenderSummary all = render_decks({fixture("course"), out.path()});
  CHECK(all.decks == 1);
  CHECK(fs::is_regular_file(out.path() / "01-banks.html"));
  CHECK(contains(read_file(out.path() / "index.html"), "<style>"));  // the index travels alone too
  CHECK(contains(read_file(out.path() / "01-banks.html"), "<a class=\"deck-home\" href=\"index.html\">All decks</a>"));
  CHECK_FALSE(contains(read_file(out.path() / "index.html"), "<header class=\"page-home\""));  // the index is that home

  const fs::path single = out.path() / "single.html";
  const RenderSummary one = render_one_deck(fixture("course"), fixture("course/slides/01-banks.md"), single);
  CHECK(one.problems.empty());
  CHECK(contains(read_file(single), "aria-label=\"Slide 4 of 4\""));
  CHECK_FALSE(contains(read_file(single), "<a class=\"deck-home\""));  // one deck alone has nowhere to go back to
}

TEST_CASE("a deck warns about a dash underline that was meant as a slide break") {
  ScratchDir repo("setext-deck");
  write_file(repo.path() / "slides/01-x.md", "# Deck\n\nNot a break\n---\n");
  ScratchDir out("setext-out");
  const RenderSummary summary = render_decks({repo.path(), out.path()});
  REQUIRE(summary.problems.size() == 1);
  CHECK(summary.problems[0].file == "slides/01-x.md");
  CHECK(summary.problems[0].line == 4);
}

TEST_CASE("generated figures are linked as docs/figures/NAME and copied or embedded from the build") {
  ScratchDir repo("generated-repo");
  write_file(repo.path() / "docs/index.md", "# Home\n\n![A bank table](figures/table.svg)\n");
  write_file(repo.path() / "slides/01-x.md", "# Deck\n\n---\n\n![A bank table](../docs/figures/table.svg)\n");
  ScratchDir figures("generated-figures");
  write_file(figures.path() / "table.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
  ScratchDir out("generated-site");

  SUBCASE("with the build's figures folder") {
    const RenderSummary summary = render_site({repo.path(), out.path(), "Course", figures.path()});
    CHECK(summary.problems.empty());
    CHECK(fs::is_regular_file(out.path() / "figures/table.svg"));
    CHECK(contains(read_file(out.path() / "index.html"), "src=\"figures/table.svg\""));
    CHECK(contains(read_file(out.path() / "slides/01-x.html"), "src=\"data:image/svg+xml;base64,"));
  }
  SUBCASE("without it, the links are reported and name the option") {
    const RenderSummary summary = render_site({repo.path(), out.path()});
    REQUIRE(summary.problems.size() == 2);
    CHECK(contains(summary.problems[0].message, "--figures"));
  }
}

TEST_CASE("a Chinese page shows a threshold in Chinese, whatever its author wrote there") {
  ScratchDir repo("zh-site");
  fs::copy(fixture("course"), repo.path(), fs::copy_options::recursive);
  write_file(repo.path() / "labs/04-padding/README.zh.md",
             "# 实验 04：填充\n\n至多 <!--threshold:wavefronts_per_shared_load-->1.1 wavefronts/instruction"
             "<!--/threshold-->。\n");
  ScratchDir out("zh-site-out");
  render_site({repo.path(), out.path()});
  const std::string zh = read_file(out.path() / "labs/04-padding/index.zh.html");
  CHECK(contains(zh, ">1.1 个 wavefront/指令</span>。"));
  CHECK_FALSE(contains(zh, "wavefronts/instruction"));
  CHECK(contains(read_file(out.path() / "labs/04-padding/index.html"), ">1.1 wavefronts/instruction</span>"));
}
