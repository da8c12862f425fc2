#include "check_regions.hpp"

#include "markdown.hpp"
#include "support.hpp"
#include "text.hpp"
#include "thresholds.hpp"

#include <doctest/doctest.h>

using namespace memlab::site;
using memlab::site::test::contains;

namespace {

// Every kind of check a table shows: pass/fail, at most, at least, a gap rule without a required
// value, a parameter in the description, a check without Chinese description, markup in the text.
constexpr const char* kManifest = R"({"number":"04","title":"Padding","parameters":{"side":4096},"checks":[
  {"id":"tile_fits","suite":"cpu","points":1,"description":"the pitch is 32..64 floats",
   "proves":"the tile fits","zh":{"description":"行距为 32..64 个 float","proves":"tile 放得下"}},
  {"id":"wavefronts","suite":"mechanism","compare":"<=","required":1.3,"unit":"wavefronts/instruction","points":2,
   "description":"counters over a {side}x{side} transpose: s * t | u","proves":"no conflict",
   "zh":{"description":"{side}x{side} 转置的计数器","proves":"没有冲突"}},
  {"id":"speedup","suite":"performance","compare":">=","unit":"x","points":3,"description":"starter over yours",
   "proves":"the fix is faster","zh":{"description":"起始代码除以你的","proves":"修正更快"},
   "gap_rule":{"reach":0.75,"target":"the copy roofline","counters":"wavefronts"}},
  {"id":"declared","suite":"mechanism","kind":"correctness","points":1.5,"description":"counters agree",
   "proves":"the declared pitch is the kernel's","zh":{"description":"计数器一致","proves":"声明的行距就是核函数的"}},
  {"id":"english_only","suite":"cpu","compare":">=","required":0.75,"unit":"fraction","points":1,
   "description":"the English text","proves":"English"}]})";

LabManifest lab(const std::string& json = kManifest) { return parse_manifest(json, "labs/04-padding"); }

const ManifestCheck& check(const LabManifest& manifest, const std::string& id) { return *manifest.find(id); }

}  // namespace

TEST_CASE("cell_text shows a plain description's characters in a GFM cell") {
  CHECK(cell_text("s * in[r][c] | out") == "s \\* in[r][c] \\| out");
  CHECK(cell_text("scale_matrix and _x_") == "scale_matrix and \\_x\\_");  // no emphasis inside a word
  CHECK(cell_text("a <b> c ~ d \\ e") == "a \\<b> c \\~ d \\\\ e");
  CHECK(cell_text("`float tile[32][*]` and `a|b`") == "`float tile[32][*]` and `a\\|b`");  // code stays code
  CHECK(cell_text("a lone ` tick") == "a lone \\` tick");

  SUBCASE("the rendered cell shows the characters as the report prints them") {
    const std::string html = Markdown("| a |\n| --- |\n| " + cell_text("s * t * u | v <b> w_") + " |\n").render_html();
    CHECK(contains(html, "<td>s * t * u | v &lt;b&gt; w_</td>"));
  }
}

TEST_CASE("passes_when writes the threshold as the report does, in a threshold marker") {
  const LabManifest m = lab();
  CHECK(passes_when(check(m, "tile_fits"), "tile_fits", Language::en) == "all of it holds");
  CHECK(passes_when(check(m, "tile_fits"), "tile_fits", Language::zh) == "全部成立");
  CHECK(passes_when(check(m, "wavefronts"), "wavefronts", Language::en) ==
        "<= <!--threshold:wavefronts-->1.3 wavefronts/instruction<!--/threshold-->");
  CHECK(passes_when(check(m, "wavefronts"), "04/wavefronts", Language::zh) ==
        "<= <!--threshold:04/wavefronts-->1.3 个 wavefront/指令<!--/threshold-->");
  CHECK(passes_when(check(m, "english_only"), "english_only", Language::en) ==
        ">= <!--threshold:english_only-->75 %<!--/threshold-->");
  CHECK(passes_when(check(m, "speedup"), "speedup", Language::en) ==
        "closes <!--threshold:speedup-->half of the gap from the starter to the copy roofline (by time when the "
        "starter is at least 1.67x slower; else the counters)<!--/threshold-->");
  CHECK(starts_with(passes_when(check(m, "speedup"), "speedup", Language::zh),
                    "弥合<!--threshold:speedup-->起始代码与复制屋顶线之间差距的一半"));
}

TEST_CASE("the checks table lists every check with what it proves, its suite, its points and the total") {
  const std::string region = check_table_region(lab(), CheckTable::summary, Language::en);
  const auto lines = split_lines(region);
  REQUIRE(lines.size() == 11);
  CHECK(starts_with(lines[0], "<!-- checks: begin (generated from lab.json"));
  CHECK(lines[1] == "| check | what it proves | suite | points |");
  CHECK(lines[2] == "| --- | --- | --- | ---: |");
  CHECK(lines[3] == "| `tile_fits` | the tile fits | `cpu` | 1 |");
  CHECK(lines[6] == "| `declared` | the declared pitch is the kernel's | `mechanism` (kind: correctness) | 1.5 |");
  CHECK(lines[8].empty());
  CHECK(lines[9] == "Total: 8.5 points, from this lab's [`lab.json`](lab.json).");
  CHECK(lines[10] == "<!-- checks: end -->");

  const auto zh = split_lines(check_table_region(lab(), CheckTable::summary, Language::zh));
  CHECK(zh[1] == "| 检查项 | 它证明什么 | 检查组 | 分值 |");
  CHECK(zh[3] == "| `tile_fits` | tile 放得下 | `cpu` | 1 |");
  CHECK(zh[6] == "| `declared` | 声明的行距就是核函数的 | `mechanism`（类别：correctness） | 1.5 |");
  CHECK(zh[9] == "合计：8.5 分，来自本实验的 [`lab.json`](lab.json)。");

  SUBCASE("it renders as one table and a paragraph") {
    const std::string html = Markdown(region).render_html();
    CHECK(contains(html, "<table>"));
    CHECK(contains(html, "<td>the tile fits</td>"));
    CHECK(contains(html, "<p>Total: 8.5 points"));
  }
}

TEST_CASE("the details table shows each description as the report prints it, and when the check passes") {
  const auto lines = split_lines(check_table_region(lab(), CheckTable::details, Language::en));
  REQUIRE(lines.size() == 9);
  CHECK(starts_with(lines[0], "<!-- check-details: begin (generated from lab.json"));
  CHECK(lines[1] == "| check | suite | measures | passes when |");
  CHECK(lines[3] == "| `tile_fits` | `cpu` | the pitch is 32..64 floats | all of it holds |");
  // {side} is the parameter's value, as the report prints it; '*' and '|' are escaped.
  CHECK(lines[4] ==
        "| `wavefronts` | `mechanism` | counters over a 4096x4096 transpose: s \\* t \\| u | <= "
        "<!--threshold:wavefronts-->1.3 wavefronts/instruction<!--/threshold--> |");
  CHECK(lines[8] == "<!-- check-details: end -->");

  const auto zh = split_lines(check_table_region(lab(), CheckTable::details, Language::zh));
  CHECK(zh[1] == "| 检查项 | 检查组 | 测量什么 | 通过条件 |");
  CHECK(zh[4] ==
        "| `wavefronts` | `mechanism` | 4096x4096 转置的计数器 | <= "
        "<!--threshold:wavefronts-->1.3 个 wavefront/指令<!--/threshold--> |");
  CHECK(contains(zh[7], "| the English text |"));  // no Chinese description: the English, as the report does
}

TEST_CASE("the deck's table shows the checks with a threshold, with the deck's NN/id markers") {
  const auto lines = split_lines(check_table_region(lab(), CheckTable::deck, Language::en));
  REQUIRE(lines.size() == 7);
  CHECK(starts_with(lines[0], "<!-- graded-checks: begin (generated from lab.json"));
  CHECK(lines[1] == "| check | required |");
  CHECK(lines[3] == "| no conflict | <= <!--threshold:04/wavefronts-->1.3 wavefronts/instruction<!--/threshold--> |");
  CHECK(starts_with(lines[4], "| the fix is faster | closes <!--threshold:04/speedup-->"));
  CHECK(lines[5] == "| English | >= <!--threshold:04/english_only-->75 %<!--/threshold--> |");
  CHECK(lines[6] == "<!-- graded-checks: end -->");
  CHECK(split_lines(check_table_region(lab(), CheckTable::deck, Language::zh))[1] == "| 检查项 | 要求 |");

  SUBCASE("a lab whose checks all pass or fail as a whole says so instead") {
    const LabManifest pass_fail =
        lab(R"({"number":"09","checks":[{"id":"copy_exact","suite":"correctness","description":"d","proves":"p"}]})");
    const auto deck = split_lines(check_table_region(pass_fail, CheckTable::deck, Language::en));
    REQUIRE(deck.size() == 3);
    CHECK(deck[1] == "No check of this lab has a threshold: each one passes or fails as a whole.");
  }
}

TEST_CASE("a check without \"proves\" is named once, against its lab.json") {
  const LabManifest m = lab(R"({"number":"04","checks":[
    {"id":"exact","suite":"correctness","description":"d"},
    {"id":"fast","suite":"performance","compare":">=","required":2,"unit":"x","description":"d","proves":"fast",
     "zh":{"description":"快"}}]})");
  const Problems en = missing_texts(m, CheckTable::summary, Language::en);
  REQUIRE(en.size() == 1);
  CHECK(en[0].file == "labs/04-padding/lab.json");
  CHECK(contains(en[0].message, "check `exact` has no \"proves\": write what passing it proves"));
  const Problems zh = missing_texts(m, CheckTable::summary, Language::zh);
  REQUIRE(zh.size() == 2);
  CHECK(contains(zh[1].message, "check `fast` has no \"zh\": {\"proves\"}"));
  // The deck shows only the checks with a threshold.
  CHECK(missing_texts(m, CheckTable::deck, Language::en).empty());
  CHECK(missing_texts(m, CheckTable::deck, Language::zh).size() == 1);
  CHECK(missing_texts(lab(), CheckTable::details, Language::zh).size() == 1);  // english_only has no zh proves
}
