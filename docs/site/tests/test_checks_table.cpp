#include "checks_table.hpp"

#include "markdown.hpp"
#include "support.hpp"
#include "text.hpp"
#include "thresholds.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;
using memlab::site::test::ScratchDir;

namespace {

constexpr const char* kManifest = R"({"number":"04","title":"Padding","checks":[
  {"id":"tile_fits","suite":"cpu","points":1,"description":"the pitch is 32..64 floats; rows do not overlap"},
  {"id":"exact_transpose","suite":"correctness","points":3,"description":"out[c][r] == in[r][c] bit for bit"},
  {"id":"declared_pitch","suite":"mechanism","kind":"correctness","points":1.5,"description":"counters agree with the pitch"}]})";

LabManifest lab(const std::string& json = kManifest) { return parse_manifest(json, "labs/04-padding"); }

// A handout as the course writes it: title, header links, the region, then the lesson.
std::string handout(const std::string& region) {
  return "# Lab 04: Padding\n\n"
         "- Concept: [Padding](../../docs/concepts/padding.md)\n"
         "- Slides: [Lab 04](../../slides/04-padding.md)\n"
         "- Grading: [how checks are judged](../../docs/grading.md)\n\n" +
         region + "\n## What to change\n\nPad the tile.\n";
}

const std::map<std::string, std::string> kSummaries = {{"tile_fits", "the tile fits"},
                                                       {"exact_transpose", "the output is exact"},
                                                       {"declared_pitch", "the pitch is the kernel's"}};

// A repository with the pages the header links, so that they resolve.
struct Repo {
  ScratchDir dir{"tables"};
  Repo() {
    write_file(dir.path() / "docs/concepts/padding.md", "# Padding\n");
    write_file(dir.path() / "docs/grading.md", "# Grading\n");
    write_file(dir.path() / "slides/04-padding.md", "# Lab 04\n");
    write_file(dir.path() / "labs/04-padding/lab.json", kManifest);
  }
  CourseTree tree() const { return CourseTree(dir.path()); }
};

bool has(const Problems& problems, int line, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const Problem& p) { return (line == 0 || p.line == line) && contains(p.message, part); });
}

}  // namespace

TEST_CASE("description_fingerprint is 32-bit FNV-1a in hex") {
  CHECK(description_fingerprint("") == "811c9dc5");
  CHECK(description_fingerprint("a") == "e40c292c");
  CHECK(description_fingerprint("a") != description_fingerprint("b"));
}

TEST_CASE("default_summary keeps the description's first clause, short, with pipes escaped") {
  CHECK(default_summary("the pitch is 32..64 floats; rows do not overlap") == "the pitch is 32..64 floats");
  CHECK(default_summary("Exact. Then more.") == "Exact");
  CHECK(default_summary("a | b") == "a \\| b");
  CHECK(default_summary("one two three four five six seven eight nine ten eleven twelve thirteen fourteen") ==
        "one two three four five six seven eight nine ten eleven twelve ...");
}

TEST_CASE("checks_table_region lists the manifest's checks in order with suite, kind, points and total") {
  const std::string region = checks_table_region(lab(), kSummaries);
  const auto lines = split_lines(region);
  REQUIRE(lines.size() == 9);
  CHECK(starts_with(lines[0], "<!-- checks: begin"));
  CHECK(lines[1] == "| check | what it proves | suite | points |");
  CHECK(lines[3] == "| `tile_fits` | the tile fits <!-- description " +
                        description_fingerprint("the pitch is 32..64 floats; rows do not overlap") +
                        " --> | `cpu` | 1 |");
  CHECK(contains(lines[4], "| `exact_transpose` | the output is exact"));
  CHECK(contains(lines[5], "| `mechanism` (kind: correctness) | 1.5 |"));
  CHECK(lines[6].empty());
  CHECK(lines[7] == "Total: 5.5 points, from this lab's [`lab.json`](lab.json).");
  CHECK(lines[8] == "<!-- checks: end -->");

  SUBCASE("it renders as one table and a paragraph, the fingerprints as hidden comments") {
    const Markdown page(region);
    const std::string html = page.render_html();
    CHECK(contains(html, "<table>"));
    CHECK(contains(html, "<td>the tile fits <!-- description "));
    CHECK(contains(html, "<p>Total: 5.5 points"));
    CHECK_FALSE(contains(html, "<td>Total"));
  }
}

TEST_CASE("check_checks_table accepts a table that matches its manifest") {
  const Repo repo;
  const std::string text = handout(checks_table_region(lab(), kSummaries));
  const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
  CHECK(result.table.empty());
  CHECK(result.other.empty());
  CHECK(result.rewritten == text);
}

TEST_CASE("check_checks_table names each way the table drifted from lab.json, and a rewrite fixes it") {
  const Repo repo;
  const std::string good = handout(checks_table_region(lab(), kSummaries));
  const int first_row = 10;  // title, blank, three links, blank, begin, header, delimiter
  std::string text = good;

  SUBCASE("points") {
    const std::string row = "| `cpu` | 1 |";
    text.replace(text.find(row), row.size(), "| `cpu` | 2 |");
    const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
    CHECK(has(result.table, first_row, "row `tile_fits` gives 2 points, labs/04-padding/lab.json 1"));
    CHECK(result.rewritten == good);
  }
  SUBCASE("suite and kind") {
    const std::string cell = "`mechanism` (kind: correctness)";
    text.replace(text.find(cell), cell.size(), "`mechanism`");
    const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
    CHECK(has(result.table, first_row + 2, "gives the suite as `mechanism`"));
    CHECK(result.rewritten == good);
  }
  SUBCASE("a changed description keeps the row's text, and says to read it again") {
    std::string json = kManifest;
    const std::string old = "bit for bit";
    json.replace(json.find(old), old.size(), "bit for bit on odd sizes");
    const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab(json));
    CHECK(has(result.table, first_row + 1, "the description of `exact_transpose`"));
    CHECK(has(result.notes, first_row + 1, "kept \"the output is exact\""));
    CHECK(contains(result.rewritten, "| `exact_transpose` | the output is exact <!-- description " +
                                         description_fingerprint("out[c][r] == in[r][c] bit for bit on odd sizes")));
    CHECK(check_checks_table(repo.tree(), "labs/04-padding/README.md", result.rewritten, lab(json)).table.empty());
  }
  SUBCASE("a new check gets a row whose text starts as its description") {
    std::string json = kManifest;
    json.replace(json.rfind("]}"), 2,
                 R"(,{"id":"predicts","suite":"cpu","points":2,"description":"predict the wavefronts. More."}]})");
    const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab(json));
    CHECK(has(result.table, 0, "check `predicts` of labs/04-padding/lab.json has no row"));
    CHECK(has(result.notes, 0, "new row `predicts`"));
    CHECK(contains(result.rewritten, "| `predicts` | predict the wavefronts <!-- description"));
    CHECK(contains(result.rewritten, "Total: 7.5 points"));
  }
  SUBCASE("a row for a check that is gone, and rows out of order") {
    const std::string last_row_end = "| 1.5 |\n";
    text.insert(text.find(last_row_end) + last_row_end.size(), "| `gone` | was here | `cpu` | 1 |\n");
    const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
    CHECK(has(result.table, first_row + 3, "row `gone` names no check"));
    CHECK(result.rewritten == good);

    const auto lines = split_lines(good);
    std::string swapped;
    for (size_t i = 0; i < lines.size(); ++i) {
      const size_t at = i == 9 ? 10 : i == 10 ? 9 : i;  // exchange the first two rows
      swapped += lines[at] + "\n";
    }
    const HandoutTable order = check_checks_table(repo.tree(), "labs/04-padding/README.md", swapped, lab());
    CHECK(has(order.table, 7, "not in the order of labs/04-padding/lab.json"));
  }
  SUBCASE("the last problem prints the expected region") {
    text.replace(text.find("Total: 5.5"), 10, "Total: 6");
    const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
    REQUIRE(result.table.size() == 2);
    CHECK(contains(result.table[0].message, "not laid out as check-tables writes it"));
    CHECK(contains(result.table[1].message,
                   "expected (memlab-site check-tables --root . --write writes it):\n"
                   "<!-- checks: begin"));
    CHECK(contains(result.table[1].message, "Total: 5.5 points"));
  }
}

TEST_CASE("a handout without a table gets one under its header links") {
  const Repo repo;
  const std::string text =
      "# Lab 04: Padding\n\n"
      "- Concept: [Padding](../../docs/concepts/padding.md)\n"
      "- Slides: [Lab 04](../../slides/04-padding.md)\n"
      "- Grading: [how checks are judged](../../docs/grading.md)\n\n"
      "## What to change\n\nPad the tile.\n";
  const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
  REQUIRE(result.table.size() == 1);
  CHECK(result.table[0].line == 1);
  CHECK(contains(result.table[0].message, "no checks table under the title"));
  CHECK(result.notes.size() == 3);
  const auto lines = split_lines(result.rewritten);
  REQUIRE(lines.size() > 8);
  CHECK(contains(lines[4], "docs/grading.md"));
  CHECK(lines[5].empty());
  CHECK(starts_with(lines[6], "<!-- checks: begin"));
  CHECK(contains(result.rewritten, "<!-- checks: end -->\n\n## What to change"));
  const HandoutTable again = check_checks_table(repo.tree(), "labs/04-padding/README.md", result.rewritten, lab());
  CHECK(again.table.empty());
  CHECK(again.other.empty());
}

TEST_CASE("the header above the table must link the concept page, the lab's deck and the grading page") {
  const Repo repo;
  const std::string region = checks_table_region(lab(), kSummaries);
  const std::string text = "# Lab 04: Padding\n\nSee [the lab 05 deck](../../slides/05-swizzle.md).\n\n" + region +
                           "\nLater: [Grading](../../docs/grading.md).\n";
  const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
  CHECK(result.table.empty());
  REQUIRE(result.other.size() == 3);
  CHECK(has(result.other, 5, "links no concept page"));
  CHECK(has(result.other, 5, "links no deck of lab 04 (slides/04-*.md)"));
  CHECK(has(result.other, 5, "links no grading page"));  // a link below the table does not count
}

TEST_CASE("an unclosed table is reported and left alone") {
  const Repo repo;
  std::string text = handout(checks_table_region(lab(), kSummaries));
  const std::string end = "<!-- checks: end -->\n";
  text.erase(text.find(end), end.size());
  const HandoutTable result = check_checks_table(repo.tree(), "labs/04-padding/README.md", text, lab());
  CHECK(has(result.other, 7, "no closing <!-- checks: end --> line"));
  CHECK(result.rewritten == text);
}

TEST_CASE("check_checks_tables --write rewrites the handouts, and then they pass") {
  const Repo repo;
  const fs::path readme = repo.dir.path() / "labs/04-padding/README.md";
  std::string stale = handout(checks_table_region(lab(), kSummaries));
  const std::string row = "| `cpu` | 1 |";
  stale.replace(stale.find(row), row.size(), "| `cpu` | 4 |");
  write_file(readme, stale);

  const ChecksTablesReport check = check_checks_tables(repo.dir.path(), false);
  CHECK(check.handouts == 1);
  CHECK(has(check.problems, 0, "gives 4 points"));
  CHECK(read_file(readme) == stale);  // checking writes nothing

  const ChecksTablesReport write = check_checks_tables(repo.dir.path(), true);
  CHECK(write.problems.empty());
  CHECK(write.rewritten == 1);
  CHECK(read_file(readme) == handout(checks_table_region(lab(), kSummaries)));
  CHECK(check_checks_tables(repo.dir.path(), false).problems.empty());
  CHECK(check_checks_tables(repo.dir.path(), true).rewritten == 0);  // a second rewrite changes nothing
}

TEST_CASE("the fixture with tables passes; the broken fixture's handout has none") {
  const ChecksTablesReport clean = check_checks_tables(fixture("tables"), false);
  CHECK(clean.handouts == 1);
  CHECK(clean.problems.empty());
  const ChecksTablesReport broken = check_checks_tables(fixture("broken"), false);
  CHECK(broken.handouts == 1);
  CHECK(has(broken.problems, 1, "no checks table under the title"));
}
