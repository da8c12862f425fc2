#include "layout.hpp"

#include "support.hpp"
#include "text.hpp"

#include <doctest/doctest.h>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;
using memlab::site::test::ScratchDir;

TEST_CASE("site_path_of maps the repository onto the site") {
  CHECK(site_path_of("docs/index.md") == "index.html");
  CHECK(site_path_of("docs/concepts/banks.md") == "concepts/banks.html");
  CHECK(site_path_of("docs/figures/banks.svg") == "figures/banks.svg");
  CHECK(site_path_of("labs/04-padding/README.md") == "labs/04-padding/index.html");
  CHECK(site_path_of("labs/04-padding/lab.h") == "labs/04-padding/lab.h");
  CHECK(site_path_of("slides/03-stride-sweep.md") == "slides/03-stride-sweep.html");
}

TEST_CASE("which Markdown files are pages") {
  CHECK(is_site_page("docs/setup.md"));
  CHECK(is_site_page("labs/01-coalescing/README.md"));
  CHECK(is_site_page("slides/00-example.md"));
  CHECK_FALSE(is_site_page("slides/README.md"));
  CHECK_FALSE(is_site_page("labs/01-coalescing/notes.md"));
  CHECK_FALSE(is_site_page("README.md"));
  // The site's own sources live in docs/site/: their Markdown is no page, docs/site.md would be.
  CHECK_FALSE(is_site_page("docs/site/README.md"));
  CHECK_FALSE(is_site_page("docs/site/tests/fixtures/course/docs/index.md"));
  CHECK(is_site_page("docs/site.md"));
  CHECK_FALSE(is_site_page("slides/deck/README.md"));
  CHECK(is_deck("slides/01-banks.md"));
  CHECK_FALSE(is_deck("slides/notes/01-banks.md"));
  CHECK(is_lab_handout("labs/08-occupancy/README.md"));
  CHECK_FALSE(is_lab_handout("labs/README.md"));
}

TEST_CASE("relative_url walks between site paths") {
  CHECK(relative_url("index.html", "setup.html") == "setup.html");
  CHECK(relative_url("index.html", "labs/04-padding/index.html") == "labs/04-padding/index.html");
  CHECK(relative_url("labs/04-padding/index.html", "index.html") == "../../index.html");
  CHECK(relative_url("labs/04-padding/index.html", "labs/05-swizzle/index.html") == "../05-swizzle/index.html");
  CHECK(relative_url("slides/01-banks.html", "figures/bank table.svg") == "../figures/bank%20table.svg");
  CHECK(relative_url("a/b/c.html", "a/b/c.html") == "c.html");
}

TEST_CASE("order_docs puts index first, then nav.txt order, then the rest alphabetically") {
  const std::vector<std::string> docs{"docs/setup.md", "docs/index.md", "docs/grading.md", "docs/a.md"};
  CHECK(order_docs(docs, {}) ==
        std::vector<std::string>{"docs/index.md", "docs/a.md", "docs/grading.md", "docs/setup.md"});
  CHECK(order_docs(docs, {"setup.md", "grading.md", "missing.md"}) ==
        std::vector<std::string>{"docs/index.md", "docs/setup.md", "docs/grading.md", "docs/a.md"});
  CHECK(order_docs({}, {"setup.md"}).empty());
}

TEST_CASE("find_course_files on the fixture course") {
  const CourseFiles files = find_course_files(fixture("course"));
  CHECK(files.docs == std::vector<std::string>{"docs/index.md", "docs/setup.md"});
  CHECK(files.labs == std::vector<std::string>{"labs/04-padding/README.md"});
  CHECK(files.decks == std::vector<std::string>{"slides/01-banks.md"});
  CHECK(files.problems.empty());
}

TEST_CASE("find_course_files leaves out the site's own sources in docs/site/ and slides/deck/") {
  const ScratchDir repo("site-sources");
  for (const char* page :
       {"docs/index.md", "docs/site.md", "docs/site/README.md", "docs/site/README.zh.md",
        "docs/site/tests/fixtures/course/docs/setup.md", "slides/01-banks.md", "slides/deck/README.md"}) {
    fs::create_directories((repo.path() / page).parent_path());
    write_file(repo.path() / page, "# Page\n");
  }
  const CourseFiles files = find_course_files(repo.path());
  CHECK(files.docs == std::vector<std::string>{"docs/index.md", "docs/site.md"});
  CHECK(files.decks == std::vector<std::string>{"slides/01-banks.md"});
  CHECK(files.translations.empty());
}

TEST_CASE("find_course_files on an empty tree finds nothing and does not fail") {
  const CourseFiles files = find_course_files(fixture("no-such-repo"));
  CHECK(files.docs.empty());
  CHECK(files.labs.empty());
  CHECK(files.decks.empty());
}

TEST_CASE("resolve_relative_link resolves files, folders and refuses what the site cannot show") {
  const auto root = fixture("course");
  CHECK(resolve_relative_link(root, "docs/index.md", "setup.md#setup-1").repo_path == "docs/setup.md");
  CHECK(resolve_relative_link(root, "docs/index.md", "setup.md#setup-1").fragment == "setup-1");
  CHECK(resolve_relative_link(root, "docs/index.md", "#a-table").repo_path == "docs/index.md");
  CHECK(resolve_relative_link(root, "docs/index.md", "../labs/04-padding/").repo_path == "labs/04-padding/README.md");
  CHECK(contains(resolve_relative_link(root, "docs/index.md", "nope.md").error, "no such file: docs/nope.md"));
  CHECK(contains(resolve_relative_link(root, "docs/index.md", "../../x.md").error, "leaves the repository"));
  CHECK(contains(resolve_relative_link(root, "docs/index.md", "../labs/").error, "folder with no README.md"));
  CHECK(contains(
      resolve_relative_link(root, "labs/04-padding/README.md", "../../solutions/04-padding/transpose.cu").error,
      "solutions/ is left out"));
  const auto broken = fixture("broken");
  CHECK(contains(resolve_relative_link(broken, "docs/index.md", "../labs/01-coalescing/notes.md").error,
                 "does not render"));
}

TEST_CASE("CourseTree finds generated figures under docs/figures, the repository's own files first") {
  const auto root = fixture("course");
  ScratchDir figures("tree-figures");
  write_file(figures.path() / "generated.svg", "<svg/>");
  write_file(figures.path() / "bank-table.svg", "<svg>shadowed</svg>");
  const CourseTree tree(root, figures.path());

  CHECK(tree.locate("docs/figures/generated.svg") == figures.path() / "generated.svg");
  CHECK(tree.locate("docs/figures/bank-table.svg") == root / "docs/figures/bank-table.svg");
  CHECK(tree.locate("docs/figures/missing.svg").empty());
  CHECK(tree.locate("labs/generated.svg").empty());  // only docs/figures/ is mounted
  CHECK(resolve_relative_link(tree, "docs/index.md", "figures/generated.svg").error.empty());
  CHECK(resolve_relative_link(tree, "slides/01-banks.md", "../docs/figures/generated.svg").repo_path ==
        "docs/figures/generated.svg");
  CHECK(contains(resolve_relative_link(tree, "docs/index.md", "figures/missing.svg").error, "figure_catalog.cpp"));
  CHECK(contains(resolve_relative_link(root, "docs/index.md", "figures/generated.svg").error, "--figures"));
}
