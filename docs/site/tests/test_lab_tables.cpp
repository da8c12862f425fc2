#include "lab_tables.hpp"

#include "support.hpp"
#include "text.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;
using memlab::site::test::ScratchDir;

namespace {

const std::vector<LabEntry> kLabs = {
    {"labs/01-first", "01", "first", "The first lab", "read a `float4` | and more", "", "", false},
    {"labs/02-second", "02", "second", "The second lab", "write the second kernel", "", "", false},
};

// The same labs with their Chinese texts; only lab 01 has a Chinese handout.
std::vector<LabEntry> chinese_labs() {
  std::vector<LabEntry> labs = kLabs;
  labs[0].zh_title = "第一个实验";
  labs[0].zh_summary = "读取 `float4` | 以及更多";
  labs[0].zh_handout = true;
  labs[1].zh_title = "第二个实验";
  labs[1].zh_summary = "写第二个核函数";
  return labs;
}

bool has(const Problems& problems, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(), [&](const Problem& p) { return contains(p.message, part); });
}

std::string page_with(const std::string& region) { return "# Home\n\n## The labs\n\n" + region + "\nMore text.\n"; }

// A repository whose labs have a handout and a deck, and whose two pages hold `readme` and `index`;
// with `zh_index`, the labs have their Chinese texts and docs/index.zh.md holds it.
struct Repo {
  ScratchDir dir{"lab-tables"};
  explicit Repo(const std::string& readme, const std::string& index, const std::string& zh_index = "") {
    for (const auto& lab : zh_index.empty() ? kLabs : chinese_labs()) {
      const std::string zh = lab.zh_title.empty() ? ""
                                                  : ", \"zh\": {\"title\": \"" + lab.zh_title + "\", \"summary\": \"" +
                                                        lab.zh_summary + "\"}";
      write_file(dir.path() / lab.manifest_path(), "{\"number\": \"" + lab.number + "\", \"name\": \"" + lab.name +
                                                       "\", \"title\": \"" + lab.title + "\", \"summary\": \"" +
                                                       lab.summary + "\", \"checks\": []" + zh + "}");
      write_file(dir.path() / lab.handout_path(), "# Lab\n");
      if (lab.zh_handout) write_file(dir.path() / (lab.folder + "/README.zh.md"), "# 实验\n");
      write_file(dir.path() / lab.deck_path(), "# Deck\n");
    }
    write_file(dir.path() / "README.md", readme);
    write_file(dir.path() / "docs/index.md", index);
    if (!zh_index.empty()) write_file(dir.path() / "docs/index.zh.md", zh_index);
  }
};

}  // namespace

TEST_CASE("lab_table_region: number, linked title and summary; links relative to the page") {
  const std::string readme = lab_table_region(kLabs, "README.md", {}, {});
  CHECK(contains(readme, "| # | lab | you learn to |\n| --- | --- | --- |\n"));
  CHECK(contains(readme, "| 01 | [The first lab](labs/01-first/README.md) | read a `float4` \\| and more |\n"));
  CHECK(contains(readme, "| 02 | [The second lab](labs/02-second/README.md) | write the second kernel |\n"));
  CHECK(starts_with(readme, "<!-- labs: begin"));
  CHECK(ends_with(readme, "|\n\n<!-- labs: end -->\n"));

  const std::string index = lab_table_region(kLabs, "docs/index.md", {"graded by"}, {{"01", {"no timing"}}});
  CHECK(contains(index, "| # | lab | you learn to | graded by |\n| --- | --- | --- | --- |\n"));
  CHECK(contains(index,
                 "| 01 | [The first lab](../labs/01-first/README.md) | read a `float4` \\| and more | no timing |\n"));
  CHECK(contains(index, "| 02 | [The second lab](../labs/02-second/README.md) | write the second kernel |  |\n"));
}

TEST_CASE("check_lab_table: the region as written passes") {
  const std::string page = page_with(lab_table_region(kLabs, "README.md", {}, {}));
  const LabTable table = check_lab_table("README.md", page, kLabs);
  CHECK(table.table.empty());
  CHECK(table.other.empty());
  CHECK(table.rewritten == page);
}

TEST_CASE("check_lab_table: a missing row names the lab; a rewrite adds it and keeps the hand-written cells") {
  const std::vector<LabEntry> first_only = {kLabs[0]};
  const std::string page =
      page_with(lab_table_region(first_only, "docs/index.md", {"graded by"}, {{"01", {"no timing"}}}));
  const LabTable table = check_lab_table("docs/index.md", page, kLabs);
  CHECK(has(table.table, "lab 02 (labs/02-second/lab.json) has no row in the labs table"));
  CHECK(table.table.back().file == "docs/index.md");
  CHECK(has(table.other, "lab 02 has an empty cell in the column \"graded by\""));
  CHECK(
      contains(table.rewritten,
               "| no timing |\n| 02 | [The second lab](../labs/02-second/README.md) | write the second kernel |  |\n"));
  CHECK(contains(table.rewritten, "More text."));

  // Once the cell is written, the rewritten page passes.
  std::string written = table.rewritten;
  const std::string empty_cell = "write the second kernel |  |";
  written.replace(written.find(empty_cell), empty_cell.size(), "write the second kernel | a speedup |");
  const LabTable after = check_lab_table("docs/index.md", written, kLabs);
  CHECK(after.table.empty());
  CHECK(after.other.empty());
}

TEST_CASE("check_lab_table: a changed summary, an unknown lab and the order are named") {
  std::string page = page_with(lab_table_region(kLabs, "README.md", {}, {}));
  const std::string summary = "write the second kernel";
  page.replace(page.find(summary), summary.size(), "write a kernel");
  LabTable table = check_lab_table("README.md", page, kLabs);
  CHECK(has(table.table,
            "the row of lab 02 says \"write a kernel\" in the column \"you learn to\"; "
            "labs/02-second/lab.json gives \"write the second kernel\""));

  page = page_with(
      lab_table_region({kLabs[1], kLabs[0], {"labs/07-x", "07", "x", "X", "x", "", "", false}}, "README.md", {}, {}));
  table = check_lab_table("README.md", page, kLabs);
  CHECK(has(table.table, "the row of lab 07 names no lab: there is no labs/07-*/lab.json"));
  CHECK(has(table.table, "the rows are not in the order of the lab numbers"));
  CHECK(contains(table.table.back().message, "expected (memlab-site lab-tables --root . --write writes it)"));
}

TEST_CASE("check_lab_table: no region, or no end, cannot be rewritten") {
  LabTable table = check_lab_table("README.md", "# Home\n\nNo table.\n", kLabs);
  CHECK(has(table.other, "no labs table"));
  table = check_lab_table("README.md", "# Home\n\n<!-- labs: begin -->\n| # | lab | you learn to |\n", kLabs);
  CHECK(has(table.other, "has no closing <!-- labs: end --> line"));
}

TEST_CASE("read_lab_entries: a lab needs a handout, a deck and the four fields") {
  ScratchDir dir("lab-entries");
  write_file(dir.path() / "labs/01-first/lab.json",
             R"({"number": "01", "name": "first", "title": "First", "summary": "learn one thing"})");
  write_file(dir.path() / "labs/02-second/lab.json", R"({"number": "03", "name": "second", "title": "Second"})");
  write_file(dir.path() / "labs/04-fourth/README.md", "# Lab 04\n");
  write_file(dir.path() / "labs/README.md", "not a lab\n");
  Problems problems;
  const auto labs = read_lab_entries(dir.path(), problems);
  REQUIRE(labs.size() == 1);
  CHECK(labs[0].title == "First");
  CHECK(has(problems, "lab 01 has no handout: labs/01-first/README.md is missing"));
  CHECK(has(problems, "lab 01 has no deck: slides/01-first.md is missing"));
  CHECK(has(problems, "has no \"summary\""));
  CHECK(has(problems, "gives the number \"03\"; its folder's name says 02"));
  CHECK(has(problems, "a lab folder without a lab.json"));
  CHECK(problems.size() == 5);
}

TEST_CASE("check_lab_tables: --write fixes both pages, then the check passes") {
  const std::string stale =
      page_with("<!-- labs: begin -->\n| # | lab | you learn to |\n| --- | --- | --- |\n<!-- labs: end -->\n");
  Repo repo(stale, stale);
  LabTablesReport report = check_lab_tables(repo.dir.path(), false);
  CHECK(report.pages == 2);
  CHECK(report.labs == 2);
  CHECK(has(report.problems, "lab 01 (labs/01-first/lab.json) has no row"));
  CHECK(read_file(repo.dir.path() / "README.md") == stale);  // a check writes nothing

  report = check_lab_tables(repo.dir.path(), true);
  CHECK(report.rewritten == 2);
  CHECK(report.problems.empty());
  CHECK(contains(read_file(repo.dir.path() / "docs/index.md"), "](../labs/02-second/README.md)"));
  report = check_lab_tables(repo.dir.path(), false);
  CHECK(report.problems.empty());
}

TEST_CASE("the lab-tables fixtures: clean passes, a missing row and a missing deck fail") {
  CHECK(check_lab_tables(fixture("lab_tables/clean"), false).problems.empty());
  CHECK(has(check_lab_tables(fixture("lab_tables/missing_row"), false).problems,
            "lab 02 (labs/02-second/lab.json) has no row"));
  CHECK(has(check_lab_tables(fixture("lab_tables/missing_deck"), false).problems,
            "lab 02 has no deck: slides/02-second.md is missing"));
}

TEST_CASE("lab_table_region on a Chinese page: Chinese header, the zh title and summary, the Chinese handout") {
  const auto labs = chinese_labs();
  const std::string zh = lab_table_region(labs, "docs/index.zh.md", {"graded on speed by"}, {{"01", {"不计时"}}});
  CHECK(starts_with(zh, "<!-- labs: begin (from each labs/NN-name/lab.json: number, zh.title, zh.summary;"));
  // The hand-written column keeps its header as written.
  CHECK(contains(zh, "| # | 实验 | 你将学会 | graded on speed by |\n| --- | --- | --- | --- |\n"));
  CHECK(contains(zh, "| 01 | [第一个实验](../labs/01-first/README.zh.md) | 读取 `float4` \\| 以及更多 | 不计时 |\n"));
  // No README.zh.md: the row links the English handout.
  CHECK(contains(zh, "| 02 | [第二个实验](../labs/02-second/README.md) | 写第二个核函数 |  |\n"));
  for (const char* english : {"The first lab", "The second lab", "you learn to", "| lab |", "and more"}) {
    CHECK_MESSAGE(!contains(zh, english), english);
  }
  // The English page is as it was.
  CHECK(lab_table_region(labs, "docs/index.md", {"graded on speed by"}, {{"01", {"no timing"}}}) ==
        lab_table_region(kLabs, "docs/index.md", {"graded on speed by"}, {{"01", {"no timing"}}}));
}

TEST_CASE("check_lab_table on a Chinese page: an English table is named and rewritten; a missing zh text fails") {
  const auto labs = chinese_labs();
  // What docs/index.zh.md held before: the English table, copied.
  const std::string copied = page_with(
      lab_table_region(kLabs, "docs/index.md", {"graded on speed by"}, {{"01", {"不计时"}}, {"02", {"加速比"}}}));
  const LabTable table = check_lab_table("docs/index.zh.md", copied, labs);
  CHECK(has(table.table,
            "the row of lab 01 says \"[The first lab](../labs/01-first/README.md)\" in the column "
            "\"实验\"; labs/01-first/lab.json gives \"[第一个实验](../labs/01-first/README.zh.md)\""));
  CHECK(has(table.table, "the row of lab 02 says \"write the second kernel\" in the column \"你将学会\""));
  CHECK(has(table.table, "the header row does not start with | # | 实验 | 你将学会 |"));
  CHECK(table.other.empty());
  CHECK(contains(table.rewritten, "| 02 | [第二个实验](../labs/02-second/README.md) | 写第二个核函数 | 加速比 |\n"));
  const LabTable after = check_lab_table("docs/index.zh.md", table.rewritten, labs);
  CHECK(after.table.empty());
  CHECK(after.other.empty());

  std::vector<LabEntry> untranslated = labs;
  untranslated[1].zh_summary.clear();
  const LabTable missing = check_lab_table("docs/index.zh.md", table.rewritten, untranslated);
  CHECK(has(missing.other,
            "lab 02: labs/02-second/lab.json has no \"zh\": {\"summary\"}, so the Chinese table "
            "shows the English summary; write it there"));
  // The English pages ask nothing of the Chinese texts.
  CHECK(check_lab_table("docs/index.md", page_with(lab_table_region(kLabs, "docs/index.md", {}, {})), kLabs)
            .other.empty());
}

TEST_CASE("check_lab_tables: --write gives docs/index.zh.md the Chinese table and leaves the English pages") {
  const std::string english = page_with(lab_table_region(kLabs, "README.md", {}, {}));
  const std::string index = page_with(lab_table_region(kLabs, "docs/index.md", {}, {}));
  Repo repo(english, index, page_with(lab_table_region(kLabs, "docs/index.md", {}, {})));
  Problems problems;
  const auto labs = read_lab_entries(repo.dir.path(), problems);
  CHECK(problems.empty());
  REQUIRE(labs.size() == 2);
  CHECK(labs[0].zh_title == "第一个实验");
  CHECK(labs[0].zh_handout);
  CHECK_FALSE(labs[1].zh_handout);

  LabTablesReport report = check_lab_tables(repo.dir.path(), false);
  CHECK(report.pages == 3);
  CHECK(has(report.problems, "in the column \"实验\""));
  report = check_lab_tables(repo.dir.path(), true);
  CHECK(report.rewritten == 1);
  CHECK(report.problems.empty());
  CHECK(contains(read_file(repo.dir.path() / "docs/index.zh.md"),
                 "| 01 | [第一个实验](../labs/01-first/README.zh.md) | 读取 `float4` \\| 以及更多 |\n"));
  CHECK(read_file(repo.dir.path() / "README.md") == english);
  CHECK(read_file(repo.dir.path() / "docs/index.md") == index);
  CHECK(check_lab_tables(repo.dir.path(), false).problems.empty());
}
