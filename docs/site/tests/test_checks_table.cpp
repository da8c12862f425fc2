#include "checks_table.hpp"

#include "check_regions.hpp"
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
  {"id":"tile_fits","suite":"cpu","points":1,"description":"the pitch is 32..64 floats; rows do not overlap",
   "proves":"the tile fits","zh":{"description":"行距为 32..64 个 float","proves":"tile 放得下"}},
  {"id":"exact_transpose","suite":"correctness","points":3,"description":"out[c][r] == in[r][c] bit for bit",
   "proves":"the output is exact","zh":{"description":"逐位相等","proves":"输出精确"}},
  {"id":"wavefronts","suite":"mechanism","compare":"<=","required":1.3,"unit":"wavefronts/instruction","points":2,
   "description":"counters","proves":"no conflict","zh":{"description":"计数器","proves":"没有冲突"}}]})";

LabManifest lab(const std::string& json = kManifest) { return parse_manifest(json, "labs/04-padding"); }

std::string region(CheckTable table, Language language = Language::en) {
  return check_table_region(lab(), table, language);
}

// A handout as the course writes it: title, header links, the checks table, the lesson, the
// details table.
std::string handout(Language language = Language::en) {
  return "# Lab 04: Padding\n\n"
         "- Concept: [Padding](../../docs/concepts/padding.md)\n"
         "- Slides: [Lab 04](../../slides/04-padding.md)\n"
         "- Grading: [how checks are judged](../../docs/grading.md)\n\n" +
         region(CheckTable::summary, language) + "\n## What to change\n\nPad the tile.\n\n## The checks\n\n" +
         region(CheckTable::details, language) + "\nWhy these numbers: the prose stays.\n";
}

std::string deck(Language language = Language::en) {
  return "# Lab 04\n\n---\n\n## How it is graded\n\n" + region(CheckTable::deck, language) + "\nPlus exactness.\n";
}

// A repository with the pages the header links, so that they resolve.
struct Repo {
  ScratchDir dir{"tables"};
  Repo() {
    write_file(dir.path() / "docs/concepts/padding.md", "# Padding\n");
    write_file(dir.path() / "docs/grading.md", "# Grading\n");
    write_file(dir.path() / "labs/04-padding/lab.json", kManifest);
    write_file(dir.path() / "slides/04-padding.md", deck());
  }
  CourseTree tree() const { return CourseTree(dir.path()); }
};

bool has(const Problems& problems, int line, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const Problem& p) { return (line == 0 || p.line == line) && contains(p.message, part); });
}

// The page with the first `from` replaced by `to`.
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("description_fingerprint is 32-bit FNV-1a in hex") {
  CHECK(description_fingerprint("") == "811c9dc5");
  CHECK(description_fingerprint("a") == "e40c292c");
}

TEST_CASE("a handout whose tables are what lab.json gives passes, in both languages") {
  const Repo repo;
  for (const Language language : {Language::en, Language::zh}) {
    const std::string page = language == Language::zh ? "labs/04-padding/README.zh.md" : "labs/04-padding/README.md";
    const std::string text = handout(language);
    const PageTables result = check_handout_tables(repo.tree(), page, text, lab());
    CHECK(result.table.empty());
    CHECK(result.other.empty());
    CHECK(result.rewritten == text);
  }
}

TEST_CASE("a hand edit inside a generated table fails at its line, and a rewrite undoes it") {
  const Repo repo;
  const std::string good = handout();
  const std::string page = "labs/04-padding/README.md";
  const int first_row = 10;  // title, blank, three links, blank, begin, header, delimiter

  SUBCASE("a checks table's text") {
    const std::string text = edited(good, "| the tile fits |", "| the tile fits, said by hand |");
    const PageTables result = check_handout_tables(repo.tree(), page, text, lab());
    REQUIRE(result.table.size() == 1);
    CHECK(result.table[0].line == first_row);
    CHECK(contains(result.table[0].message,
                   "the checks table is not what labs/04-padding/lab.json gives (it is generated: edit lab.json, then "
                   "run memlab-site check-tables --root . --write)"));
    CHECK(contains(result.table[0].message, "here:     | `tile_fits` | the tile fits, said by hand | `cpu` | 1 |"));
    CHECK(contains(result.table[0].message, "lab.json: | `tile_fits` | the tile fits | `cpu` | 1 |"));
    CHECK(result.rewritten == good);
  }
  SUBCASE("a threshold in the details table") {
    const std::string text =
        edited(good, "1.3 wavefronts/instruction<!--/threshold--> |", "1.2 wavefronts/instruction<!--/threshold--> |");
    const PageTables result = check_handout_tables(repo.tree(), page, text, lab());
    REQUIRE(result.table.size() == 1);
    CHECK(contains(result.table[0].message, "the table of what each check measures is not what"));
    CHECK(contains(split_lines(text)[static_cast<size_t>(result.table[0].line - 1)], "1.2 wavefronts"));
    CHECK(result.rewritten == good);
  }
  SUBCASE("points, and a row for a check that is gone, in both tables at once") {
    std::string text = edited(good, "| `cpu` | 1 |", "| `cpu` | 2 |");
    text = edited(text, "<!-- check-details: end -->",
                  "| `gone` | `cpu` | was here | all of it holds |\n<!-- check-details: end -->");
    const PageTables result = check_handout_tables(repo.tree(), page, text, lab());
    CHECK(result.table.size() == 2);
    CHECK(has(result.table, first_row, "lab.json: | `tile_fits` | the tile fits | `cpu` | 1 |"));
    CHECK(has(result.table, 0, "here:     | `gone` |"));
    CHECK(result.rewritten == good);
  }
  SUBCASE("a changed description changes the details table, and nothing is left to write by hand") {
    std::string json = kManifest;
    json = edited(json, "bit for bit\"", "bit for bit on odd sizes\"");
    const PageTables result = check_handout_tables(repo.tree(), page, good, lab(json));
    REQUIRE(result.table.size() == 1);
    CHECK(contains(result.table[0].message,
                   "lab.json: | `exact_transpose` | `correctness` | out[c][r] == in[r][c] bit "
                   "for bit on odd sizes | all of it holds |"));
    CHECK(check_handout_tables(repo.tree(), page, result.rewritten, lab(json)).table.empty());
  }
}

TEST_CASE("a handout without a checks table gets one under its header links") {
  const Repo repo;
  std::string text = handout();
  const size_t begin = text.find("<!-- checks: begin");
  const size_t end = text.find("<!-- checks: end -->\n") + std::string("<!-- checks: end -->\n").size();
  text.erase(begin, end - begin);
  const PageTables result = check_handout_tables(repo.tree(), "labs/04-padding/README.md", text, lab());
  REQUIRE(result.table.size() == 1);
  CHECK(result.table[0].line == 1);
  CHECK(contains(result.table[0].message, "no checks table under the title"));
  CHECK(result.rewritten == handout());
}

TEST_CASE("a handout without a details table is told where it goes and what it holds") {
  const Repo repo;
  std::string text = handout();
  text = edited(text, region(CheckTable::details), "");
  const PageTables result = check_handout_tables(repo.tree(), "labs/04-padding/README.md", text, lab());
  CHECK(result.table.empty());
  REQUIRE(result.other.size() == 1);
  CHECK(contains(result.other[0].message, "no table of what each check measures; put these lines in the section"));
  CHECK(contains(result.other[0].message, region(CheckTable::details)));
  CHECK(result.rewritten == text);  // where it goes is for a person to say
}

TEST_CASE("a check without \"proves\" leaves its tables alone and is named") {
  const Repo repo;
  const std::string json =
      edited(edited(kManifest, R"("proves":"the tile fits",)", ""), R"(,"proves":"tile 放得下")", "");
  const PageTables result = check_handout_tables(repo.tree(), "labs/04-padding/README.md", handout(), lab(json));
  CHECK(has(result.other, 0, "check `tile_fits` has no \"proves\""));
  CHECK(result.rewritten == handout());
}

TEST_CASE("the header above the checks table must link the concept page, the lab's deck and the grading page") {
  const Repo repo;
  const std::string text = "# Lab 04: Padding\n\nSee [the lab 05 deck](../../slides/05-swizzle.md).\n\n" +
                           region(CheckTable::summary) + "\nLater: [Grading](../../docs/grading.md).\n\n" +
                           region(CheckTable::details);
  const PageTables result = check_handout_tables(repo.tree(), "labs/04-padding/README.md", text, lab());
  CHECK(result.table.empty());
  REQUIRE(result.other.size() == 3);
  CHECK(has(result.other, 5, "links no concept page"));
  CHECK(has(result.other, 5, "links no deck of lab 04 (slides/04-*.md)"));
  CHECK(has(result.other, 5, "links no grading page"));  // a link below the table does not count
}

TEST_CASE("an unclosed table is reported and left alone") {
  const Repo repo;
  const std::string text = edited(handout(), "<!-- check-details: end -->\n", "");
  const PageTables result = check_handout_tables(repo.tree(), "labs/04-padding/README.md", text, lab());
  CHECK(has(result.other, 0, "no closing <!-- check-details: end --> line"));
  CHECK(result.rewritten == text);
}

TEST_CASE("a deck's table of graded checks is held to lab.json like a handout's") {
  CHECK(check_deck_tables("slides/04-padding.md", deck(), lab()).table.empty());
  CHECK(check_deck_tables("slides/04-padding.zh.md", deck(Language::zh), lab()).table.empty());
  // The English table on the Chinese deck is not what lab.json gives there.
  CHECK_FALSE(check_deck_tables("slides/04-padding.zh.md", deck(), lab()).table.empty());

  const std::string text = edited(deck(), "| no conflict |", "| no conflict at all |");
  const PageTables edit = check_deck_tables("slides/04-padding.md", text, lab());
  REQUIRE(edit.table.size() == 1);
  CHECK(
      contains(edit.table[0].message, "the deck's table of graded checks is not what labs/04-padding/lab.json gives"));
  CHECK(edit.rewritten == deck());

  const PageTables missing = check_deck_tables("slides/04-padding.md", "# Lab 04\n\n## How it is graded\n", lab());
  REQUIRE(missing.other.size() == 1);
  CHECK(contains(missing.other[0].message,
                 "no deck's table of graded checks; put these lines on the slide \"How it "
                 "is graded\""));
}

TEST_CASE("check_checks_tables --write rewrites every handout and deck, in both languages, and then they pass") {
  const Repo repo;
  const fs::path root = repo.dir.path();
  const std::string stale_handout = edited(handout(), "| `cpu` | 1 |", "| `cpu` | 4 |");
  const std::string stale_zh = edited(handout(Language::zh), "| tile 放得下 |", "| tile 放得下（手写） |");
  const std::string stale_deck = edited(deck(), "<= <!--threshold", "at most <!--threshold");
  const std::string stale_deck_zh = edited(deck(Language::zh), "| 没有冲突 |", "| 手写 |");
  write_file(root / "labs/04-padding/README.md", stale_handout);
  write_file(root / "labs/04-padding/README.zh.md", stale_zh);
  write_file(root / "slides/04-padding.md", stale_deck);
  write_file(root / "slides/04-padding.zh.md", stale_deck_zh);

  const ChecksTablesReport check = check_checks_tables(root, false);
  CHECK(check.pages == 4);
  CHECK(check.problems.size() == 4);
  CHECK(has(check.problems, 0, "here:     | `tile_fits` | the tile fits | `cpu` | 4 |"));
  CHECK(read_file(root / "labs/04-padding/README.md") == stale_handout);  // checking writes nothing

  const ChecksTablesReport write = check_checks_tables(root, true);
  CHECK(write.problems.empty());
  CHECK(write.rewritten == 4);
  CHECK(read_file(root / "labs/04-padding/README.md") == handout());
  CHECK(read_file(root / "labs/04-padding/README.zh.md") == handout(Language::zh));
  CHECK(read_file(root / "slides/04-padding.md") == deck());
  CHECK(read_file(root / "slides/04-padding.zh.md") == deck(Language::zh));
  CHECK(check_checks_tables(root, false).problems.empty());
  CHECK(check_checks_tables(root, true).rewritten == 0);  // a second rewrite changes nothing
}

TEST_CASE("the fixture with tables passes; the broken fixture's handout has none, and its checks no \"proves\"") {
  const ChecksTablesReport clean = check_checks_tables(fixture("tables"), false);
  CHECK(clean.pages == 2);
  CHECK(clean.problems.empty());
  const ChecksTablesReport broken = check_checks_tables(fixture("broken"), false);
  CHECK(broken.pages == 1);
  CHECK(has(broken.problems, 1, "no checks table under the title"));
  CHECK(has(broken.problems, 0, "check `speedup_vs_starter` has no \"proves\""));
}
