#include "checks.hpp"

#include "markdown.hpp"
#include "support.hpp"
#include "text.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace memlab::site;
using memlab::site::test::contains;
using memlab::site::test::fixture;
using memlab::site::test::ScratchDir;

namespace {

bool has_problem(const Problems& problems, const std::string& file, int line, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const Problem& p) { return p.file == file && p.line == line && contains(p.message, part); });
}

}  // namespace

TEST_CASE("check_links passes the fixture course and lists its external link") {
  const LinkReport report = check_links(fixture("course"));
  CHECK(report.broken.empty());
  REQUIRE(report.external.size() == 1);
  CHECK(report.external[0].message == "https://example.org/banks");
  CHECK(report.checked > 10);
}

TEST_CASE("check_links reports each broken link with file and line") {
  const LinkReport report = check_links(fixture("broken"));
  CHECK(report.broken.size() == 6);
  CHECK(has_problem(report.broken, "docs/index.md", 3, "no such file: docs/missing.md"));
  CHECK(has_problem(report.broken, "docs/index.md", 3, "absolute path"));
  CHECK(has_problem(report.broken, "docs/index.md", 4, "has no heading or id \"no-such-heading\""));
  CHECK(has_problem(report.broken, "docs/index.md", 4, "broken image \"figures/gone.svg\""));
  CHECK(has_problem(report.broken, "docs/index.md", 5, "broken image \"figures/also-gone.png\""));
  CHECK(has_problem(report.broken, "docs/index.md", 12, "does not render"));
}

TEST_CASE("check_links reports nav.txt entries that name no page") {
  ScratchDir repo("nav");
  write_file(repo.path() / "docs/index.md", "# Home\n");
  write_file(repo.path() / "docs/nav.txt", "# order\nsetup.md\n");
  const LinkReport report = check_links(repo.path());
  REQUIRE(report.broken.size() == 1);
  CHECK(has_problem(report.broken, "docs/nav.txt", 2, "no such page: docs/setup.md"));
}

TEST_CASE("check_thresholds passes when every quote matches its manifest") {
  const ThresholdReport report = check_thresholds(fixture("course"));
  CHECK(report.problems.empty());
  CHECK(report.markers == 6);
  CHECK(report.files_with_markers == 3);
}

TEST_CASE("check_thresholds reports disagreements, unknown ids and malformed markers") {
  const ThresholdReport report = check_thresholds(fixture("broken"));
  CHECK(report.problems.size() == 5);
  CHECK(has_problem(report.problems, "docs/index.md", 7,
                    "quoted as \"2.5x\" but labs/01-coalescing/lab.json requires \"3x\""));
  CHECK(has_problem(report.problems, "docs/index.md", 8, "unknown check id \"no_such_check\""));
  CHECK(has_problem(report.problems, "docs/index.md", 9, "names no lab"));
  CHECK(has_problem(report.problems, "docs/index.md", 10, "without its closing"));
  CHECK(has_problem(report.problems, "labs/01-coalescing/README.md", 4, "requires \"85 %\""));
}

TEST_CASE("check_thresholds: a Chinese page that quotes a threshold in English fails; --write puts it in Chinese") {
  ScratchDir repo("zh-thresholds");
  fs::copy(fixture("course"), repo.path(), fs::copy_options::recursive);
  const std::string english = read_file(repo.path() / "labs/04-padding/README.md");
  // A table cell, a paragraph, an HTML block and a marker in code, which is text and stays.
  const std::string chinese =
      "# 实验 04：填充\n\n"
      "| 检查项 | 要求 |\n|---|---|\n"
      "| 加速比 | <!--threshold:speedup_vs_starter-->1.8x<!--/threshold--> |\n"
      "| wavefront | 至多 <!--threshold:wavefronts_per_shared_load-->1.1 wavefronts/instruction<!--/threshold--> |\n\n"
      "计数器至多 <!--threshold:wavefronts_per_shared_load-->1.1 wavefronts/instruction<!--/threshold-->。\n\n"
      "<div>\n<!--threshold:wavefronts_per_shared_load-->2 wavefronts/instruction<!--/threshold-->\n</div>\n\n"
      "代码中的标记不是标记：\n`<!--threshold:wavefronts_per_shared_load-->1.1 "
      "wavefronts/instruction<!--/threshold-->`。\n";
  write_file(repo.path() / "labs/04-padding/README.zh.md", chinese);

  ThresholdReport report = check_thresholds(repo.path());
  CHECK(report.problems.size() == 3);
  CHECK(has_problem(report.problems, "labs/04-padding/README.zh.md", 6,
                    "quoted as \"1.1 wavefronts/instruction\" but labs/04-padding/lab.json requires \"1.1 个 "
                    "wavefront/指令\" (a Chinese page quotes it in Chinese)"));
  CHECK(has_problem(report.problems, "labs/04-padding/README.zh.md", 8, "requires \"1.1 个 wavefront/指令\""));
  CHECK(has_problem(report.problems, "labs/04-padding/README.zh.md", 11, "quoted as \"2 wavefronts/instruction\""));
  CHECK(read_file(repo.path() / "labs/04-padding/README.zh.md") == chinese);  // a check writes nothing

  report = check_thresholds(repo.path(), true);
  CHECK(report.problems.empty());
  CHECK(report.rewritten == 1);
  const std::string rewritten = read_file(repo.path() / "labs/04-padding/README.zh.md");
  CHECK(contains(rewritten,
                 "| 至多 <!--threshold:wavefronts_per_shared_load-->1.1 个 wavefront/指令<!--/threshold--> |\n"));
  CHECK(contains(rewritten,
                 "计数器至多 <!--threshold:wavefronts_per_shared_load-->1.1 个 wavefront/指令<!--/threshold-->。\n"));
  CHECK(contains(rewritten,
                 "<div>\n<!--threshold:wavefronts_per_shared_load-->1.1 个 wavefront/指令<!--/threshold-->\n"));
  CHECK(contains(rewritten, "| <!--threshold:speedup_vs_starter-->1.8x<!--/threshold--> |\n"));
  CHECK(
      contains(rewritten, "`<!--threshold:wavefronts_per_shared_load-->1.1 wavefronts/instruction<!--/threshold-->`"));
  CHECK(read_file(repo.path() / "labs/04-padding/README.md") == english);  // the English page is right as it is
  CHECK(check_thresholds(repo.path()).problems.empty());
  CHECK(check_thresholds(repo.path(), true).rewritten == 0);
}

TEST_CASE("compile_blocks takes only cpp/cuda blocks marked compile, with their first code line") {
  const Markdown page(
      "text\n\n```cpp compile\nint a;\n```\n\n```cpp\nint b;\n```\n\n- item\n\n  ```cuda compile\n  __global__ void "
      "k() {}\n  ```\n");
  const auto blocks = compile_blocks(page.root());
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0].language == "cpp");
  CHECK(blocks[0].code == "int a;\n");
  CHECK(blocks[0].line == 4);
  CHECK(blocks[1].language == "cuda");
  CHECK(blocks[1].line == 14);
}

TEST_CASE("extract_code writes one file per block, pointing back with #line") {
  CHECK(extracted_file_name("labs/04-padding/README.md", 24, "cuda") == "labs_04-padding_README.md_L24.cu");
  CHECK(extracted_file_name("docs/index.md", 22, "cpp") == "docs_index.md_L22.cpp");

  ScratchDir out("extract");
  CHECK(extract_code(fixture("course"), out.path()) == 3);
  const std::string cuda = read_file(out.path() / "labs_04-padding_README.md_L24.cu");
  CHECK(contains(cuda, "#line 24 \"labs/04-padding/README.md\"\n__global__ void copy_tile"));
  const auto table = split_lines(read_file(out.path() / "code_blocks.tsv"));
  REQUIRE(table.size() == 3);
  CHECK(contains(table[0], "cpp\tdocs_index.md_L22.cpp\tdocs/index.md:22\t"));
  CHECK(contains(table[2], "fixtures/course/labs/04-padding"));
}
