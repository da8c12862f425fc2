#include "thresholds.hpp"

#include "support.hpp"
#include "text.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace memlab::site;
using memlab::site::test::ScratchDir;

namespace {

bool contains_error(const ThresholdBook::Lookup& lookup, const std::string& part) {
  return lookup.error.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("format_threshold applies the one formatting rule per unit") {
  CHECK(format_threshold(1.8, "x") == "1.8x");
  CHECK(format_threshold(0.75, "fraction") == "75 %");
  CHECK(format_threshold(0.855, "fraction") == "85.5 %");
  CHECK(format_threshold(1.1, "wavefronts/instruction") == "1.1 wavefronts/instruction");
  CHECK(format_threshold(4096, "B") == "4096 B");
  CHECK(format_threshold(5, "") == "5");
}

TEST_CASE("parse_manifest reads checks and tolerates checks without a required value") {
  const LabManifest lab = parse_manifest(R"({"number":"04","title":"Padding","checks":[
        {"id":"exact","suite":"correctness"},
        {"id":"speedup_vs_starter","required":1.8,"unit":"x"}]})",
                                         "labs/04-padding");
  CHECK(lab.number == "04");
  CHECK(lab.title == "Padding");
  REQUIRE(lab.checks.size() == 2);
  CHECK_FALSE(lab.checks[0].required.has_value());
  REQUIRE(lab.find("speedup_vs_starter") != nullptr);
  CHECK(*lab.find("speedup_vs_starter")->required == doctest::Approx(1.8));
  CHECK(lab.find("nope") == nullptr);
  CHECK(lab.manifest_path() == "labs/04-padding/lab.json");
}

TEST_CASE("parse_manifest takes the lab number from the folder when the manifest has none") {
  CHECK(parse_manifest(R"({"checks":[]})", "labs/07-fp16-banks").number == "07");
}

TEST_CASE("parse_manifest rejects malformed manifests with a message") {
  CHECK_THROWS_WITH_AS(parse_manifest("{", "labs/01-x"), doctest::Contains("not valid JSON"), std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_manifest("[1]", "labs/01-x"), doctest::Contains("JSON object"), std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_manifest(R"({"checks":[{"required":1}]})", "labs/01-x"), doctest::Contains("\"id\""),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(parse_manifest(R"({"checks":[{"id":"a","required":"1.8"}]})", "labs/01-x"),
                       doctest::Contains("must be a number"), std::runtime_error);
}

TEST_CASE("ThresholdBook resolves marker ids by where the marker stands") {
  ThresholdBook book;
  book.add(parse_manifest(R"({"number":"04","checks":[{"id":"speedup_vs_starter","required":1.8,"unit":"x"},
                                                        {"id":"exact"}]})",
                          "labs/04-padding"));
  SUBCASE("inside a lab folder a bare id names that lab's check") {
    const auto found = book.lookup("labs/04-padding/README.md", "speedup_vs_starter");
    CHECK(found.error.empty());
    CHECK(found.text == "1.8x");
    CHECK(found.manifest == "labs/04-padding/lab.json");
  }
  SUBCASE("elsewhere the lab is named by number or folder") {
    CHECK(book.lookup("docs/grading.md", "04/speedup_vs_starter").text == "1.8x");
    CHECK(book.lookup("slides/03-padding.md", "04-padding/speedup_vs_starter").text == "1.8x");
  }
  SUBCASE("errors say what is wrong") {
    CHECK(contains_error(book.lookup("docs/grading.md", "speedup_vs_starter"), "names no lab"));
    CHECK(contains_error(book.lookup("docs/grading.md", "09/speedup_vs_starter"), "no lab \"09\""));
    CHECK(contains_error(book.lookup("labs/04-padding/README.md", "missing"), "unknown check id \"missing\""));
    CHECK(contains_error(book.lookup("labs/04-padding/README.md", "missing"), "speedup_vs_starter, exact"));
    CHECK(contains_error(book.lookup("labs/04-padding/README.md", "exact"), "no required value"));
    CHECK(contains_error(book.lookup("labs/05-swizzle/README.md", "x"), "labs/05-swizzle has no lab.json"));
  }
}

TEST_CASE("ThresholdBook::load reads every labs/*/lab.json and reports broken ones") {
  Problems problems;
  const ThresholdBook book = ThresholdBook::load(memlab::site::test::fixture("course"), problems);
  CHECK(problems.empty());
  CHECK(book.lab_for_folder("labs/04-padding") != nullptr);

  ScratchDir repo("bad-manifest");
  write_file(repo.path() / "labs/02-bank-model/lab.json", "{\"checks\": 3}");
  Problems found;
  ThresholdBook::load(repo.path(), found);
  REQUIRE(found.size() == 1);
  CHECK(found[0].file == "labs/02-bank-model/lab.json");
  CHECK(memlab::site::test::contains(found[0].message, "must be an array"));
}

TEST_CASE("a Chinese page quotes a threshold in Chinese: the unit as the Chinese report writes it") {
  CHECK(format_threshold(1.3, "wavefronts/instruction", Language::zh) == "1.3 个 wavefront/指令");
  CHECK(format_threshold(1.2, "wavefronts/load", Language::zh) == "1.2 个 wavefront/加载指令");
  CHECK(format_threshold(8, "sectors/request", Language::zh) == "8 个扇区/请求");
  CHECK(format_threshold(0, "wrong patterns", Language::zh) == "0 个错误模式");
  // x, % and KiB read the same in both languages.
  CHECK(format_threshold(1.8, "x", Language::zh) == "1.8x");
  CHECK(format_threshold(0.75, "fraction", Language::zh) == "75 %");
  CHECK(format_threshold(4, "KiB", Language::zh) == "4 KiB");
  CHECK(format_threshold(1.3, "wavefronts/instruction", Language::en) == "1.3 wavefronts/instruction");
}

TEST_CASE("ThresholdBook quotes in the language of the page: X.zh.md in Chinese, X.md in English") {
  ThresholdBook book;
  book.add(parse_manifest(R"({"number":"04","checks":[
        {"id":"speedup_vs_starter","compare":">=","unit":"x",
         "gap_rule":{"close":0.5,"reach":0.75,"target":"the copy roofline","counters":"wavefronts"}},
        {"id":"tree_speedup","compare":">=","unit":"x",
         "gap_rule":{"close":0.6,"reach":0.9,"target":"the model's conflict-free time","counters":"wavefronts"}},
        {"id":"wavefronts","compare":"<=","required":1.3,"unit":"wavefronts/instruction"}]})",
                          "labs/04-padding"));
  SUBCASE("a gap rule: the same numbers, in the glossary's words") {
    CHECK(book.lookup("labs/04-padding/README.md", "speedup_vs_starter").text ==
          "half of the gap from the starter to the copy roofline (by time when the starter is at least 1.67x "
          "slower; else the counters)");
    CHECK(book.lookup("labs/04-padding/README.zh.md", "speedup_vs_starter").text ==
          "起始代码与复制屋顶线之间差距的一半（起始代码至少慢 1.67x 时按时间评分；否则按计数器评分）");
    CHECK(book.lookup("slides/04-padding.zh.md", "04/speedup_vs_starter").text ==
          "起始代码与复制屋顶线之间差距的一半（起始代码至少慢 1.67x 时按时间评分；否则按计数器评分）");
    // Another share than a half is a percentage, set apart by a space. Gate: (1/0.9 - 0.6) / 0.4.
    CHECK(book.lookup("docs/grading.zh.md", "04/tree_speedup").text ==
          "起始代码与模型给出的无冲突时间之间差距的 60 %（起始代码至少慢 1.28x 时按时间评分；否则按计数器评分）");
  }
  SUBCASE("a unit") {
    CHECK(book.lookup("labs/04-padding/README.md", "wavefronts").text == "1.3 wavefronts/instruction");
    CHECK(book.lookup("labs/04-padding/README.zh.md", "wavefronts").text == "1.3 个 wavefront/指令");
    CHECK(book.lookup("labs/04-padding/README.md", "wavefronts", Language::zh).text == "1.3 个 wavefront/指令");
  }
}
