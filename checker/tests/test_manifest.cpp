#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "memlab/manifest.h"

using namespace memlab;

namespace {
const char* kManifest = R"({
  "number": "04", "name": "padding", "title": "Padding", "student_files": ["transpose.cu"],
  "checks": [
    {"id": "exact", "suite": "correctness", "compare": "true", "points": 2, "description": "exact"},
    {"id": "speedup", "suite": "performance", "compare": ">=", "required": 1.8, "unit": "x",
     "points": 3, "description": "faster", "hint": "pad"}
  ]})";
}

TEST_CASE("manifest: parse and look up") {
  Manifest m = parse_manifest(kManifest, "lab.json");
  CHECK(m.number == "04");
  REQUIRE(m.checks.size() == 2);
  REQUIRE(m.find("speedup") != nullptr);
  CHECK(*m.find("speedup")->required == doctest::Approx(1.8));
  CHECK(m.find("speedup")->compare == Compare::at_least);
  CHECK(m.suite("performance").size() == 1);
  CHECK(m.find("nope") == nullptr);
  CHECK(m.find("exact")->kind == "correctness");
  CHECK(m.find("speedup")->kind == "performance");
}

TEST_CASE("manifest: a cpu check may grade the mechanism") {
  const char* text = R"({"number":"05","name":"s","title":"t","student_files":[],
    "checks":[{"id":"model","suite":"cpu","kind":"mechanism","description":"d"},
              {"id":"plain","suite":"cpu","description":"d"}]})";
  Manifest m = parse_manifest(text, "x.json");
  CHECK(m.find("model")->kind == "mechanism");
  CHECK(m.find("plain")->kind == "correctness");
  CHECK_THROWS_WITH(parse_manifest(R"({"number":"05","name":"s","title":"t","student_files":[],
    "checks":[{"id":"m","suite":"cpu","kind":"speed","description":"d"}]})", "x.json"), doctest::Contains("has kind"));
}

TEST_CASE("manifest: errors name the file and the problem") {
  CHECK_THROWS_WITH(parse_manifest("{", "labs/04/lab.json"), doctest::Contains("labs/04/lab.json: not valid JSON"));
  CHECK_THROWS_WITH(parse_manifest(R"({"number": "04"})", "x.json"), doctest::Contains("missing or mistyped"));
  const char* no_threshold = R"({"number":"04","name":"p","title":"t","student_files":[],
    "checks":[{"id":"s","suite":"performance","compare":">=","description":"d"}]})";
  CHECK_THROWS_WITH(parse_manifest(no_threshold, "x.json"), doctest::Contains("has no \"required\""));
}

TEST_CASE("overrides: an instructor file changes thresholds and points only") {
  Manifest m = parse_manifest(kManifest, "lab.json");
  apply_overrides(m, R"({"04": {"speedup": {"required": 1.5, "points": 5}}, "05": {"x": {"required": 9}}})", "o.json");
  CHECK(*m.find("speedup")->required == doctest::Approx(1.5));
  CHECK(m.find("speedup")->points == doctest::Approx(5));
  CHECK(m.overridden == std::vector<std::string>{"speedup"});
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"missing": {"required": 1}}})", "o.json"),
                    doctest::Contains("no check named missing"));
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"exact": {"required": 1}}})", "o.json"),
                    doctest::Contains("pass/fail check"));
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"speedup": {"hint": "x"}}})", "o.json"),
                    doctest::Contains("only numeric"));
}

TEST_CASE("quantities print as handouts quote them") {
  CHECK(format_quantity(1.8, "x") == "1.8x");
  CHECK(format_quantity(0.75, "fraction") == "75 %");
  CHECK(format_quantity(0.855, "fraction") == "85.5 %");
  CHECK(format_quantity(1.1, "wavefronts/instruction") == "1.1 wavefronts/instruction");
  CHECK(format_quantity(2, "") == "2");
  CHECK(format_quantity(4096, "B") == "4096 B");
}

TEST_CASE("every lab manifest in the repository parses") {
  std::ifstream list(MEMLAB_LAB_MANIFESTS_FILE);
  std::string path;
  int count = 0;
  while (std::getline(list, path)) {
    if (path.empty()) continue;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    INFO(path);
    Manifest m = parse_manifest(text.str(), path);
    CHECK(m.number.size() == 2);
    CHECK(path.find("/labs/" + m.number + "-" + m.name + "/lab.json") != std::string::npos);
    for (const auto& c : m.checks) {
      INFO(c.id);
      CHECK_FALSE(c.description.empty());
      if (c.compare != Compare::is_true) CHECK_FALSE(c.basis.empty());  // every threshold rests on a measurement
    }
    ++count;
  }
  CHECK(count > 0);
}
