#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "memlab/manifest.h"
#include "memlab/manifest_json.h"

using namespace memlab;

namespace {
const char* kManifest = R"({
  "number": "04", "name": "padding", "title": "Padding", "student_files": ["transpose.cu"],
  "checks": [
    {"id": "exact", "suite": "correctness", "kind": "correctness", "gpu": true, "compare": "true", "points": 2,
     "description": "exact", "proves": "the output is exact"},
    {"id": "speedup", "suite": "performance", "kind": "performance", "gpu": true, "compare": ">=", "required": 1.8,
     "unit": "x", "points": 3, "description": "faster", "proves": "the kernel is fast", "hint": "pad"}
  ]})";

// A one-check manifest whose check is `check` (the fields after "id"), with `parameters`.
std::string one_check(const std::string& check, const std::string& parameters = "") {
  return R"({"number":"05","name":"s","title":"t","student_files":[],)" +
         (parameters.empty() ? std::string() : "\"parameters\": " + parameters + ",") +
         R"("checks":[{"id":"c","proves":"p",)" + check + "}]}";
}
const std::string kCpuCheck = R"("suite":"cpu","kind":"correctness","gpu":false,)";
}  // namespace

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
  CHECK(m.find("speedup")->gpu);
  CHECK(m.summary.empty());
  CHECK(m.parameters.empty());
}

TEST_CASE("manifest: the defaults of the optional fields") {
  const Manifest m = parse_manifest(one_check(kCpuCheck + R"("description":"d")"), "x.json");
  const CheckSpec& c = m.checks.at(0);
  CHECK(c.compare == Compare::is_true);
  CHECK_FALSE(c.required);
  CHECK(c.unit.empty());
  CHECK(c.points == 1);
  CHECK(c.hint.empty());
  CHECK(c.basis.empty());
  CHECK(c.confirmed_by.empty());
  CHECK_FALSE(c.gap_rule);
  CHECK_FALSE(c.gpu);
  const Manifest with_summary = parse_manifest(
      R"({"number":"05","name":"s","title":"t","summary":"what it teaches","student_files":["a.cu"],
          "checks":[{"id":"c","suite":"cpu","kind":"correctness","gpu":false,"description":"d","proves":"p"}]})",
      "x.json");
  CHECK(with_summary.summary == "what it teaches");
  CHECK(with_summary.student_files == std::vector<std::string>{"a.cu"});
}

TEST_CASE("manifest: a cpu check may grade the mechanism") {
  Manifest m = parse_manifest(one_check(R"("suite":"cpu","kind":"mechanism","gpu":false,"description":"d")"), "x.json");
  CHECK(m.find("c")->kind == "mechanism");
  CHECK_THROWS_WITH(
      parse_manifest(one_check(R"("suite":"cpu","kind":"speed","gpu":false,"description":"d")"), "x.json"),
      doctest::Contains("has kind"));
}

TEST_CASE("manifest: every check says its kind and whether it needs a GPU") {
  CHECK_THROWS_WITH(parse_manifest(one_check(R"("suite":"cpu","gpu":false,"description":"d")"), "labs/x/lab.json"),
                    doctest::Contains("labs/x/lab.json: check c: \"kind\" is missing"));
  CHECK_THROWS_WITH(parse_manifest(one_check(R"("suite":"cpu","kind":"correctness","description":"d")"), "x.json"),
                    doctest::Contains("check c: \"gpu\" is missing (write \"gpu\": false"));
  CHECK_THROWS_WITH(parse_manifest(one_check(R"("kind":"correctness","gpu":false,"description":"d")"), "x.json"),
                    doctest::Contains("check c: \"suite\" is missing"));
  CHECK_THROWS_WITH(
      parse_manifest(one_check(R"("suite":"gpu","kind":"correctness","gpu":true,"description":"d")"), "x.json"),
      doctest::Contains("is not a suite (use cpu, correctness, performance or mechanism)"));
  CHECK_THROWS_WITH(
      parse_manifest(one_check(R"("suite":"cpu","kind":"correctness","gpu":"no","description":"d")"), "x.json"),
      doctest::Contains("\"gpu\" must be true or false"));
}

TEST_CASE("manifest: a check's gpu must agree with its suite") {
  CHECK_THROWS_WITH(
      parse_manifest(one_check(R"("suite":"cpu","kind":"correctness","gpu":true,"description":"d")"), "x.json"),
      doctest::Contains("check c: \"gpu\": true disagrees with suite \"cpu\""));
  CHECK_THROWS_WITH(
      parse_manifest(one_check(R"("suite":"mechanism","kind":"correctness","gpu":false,"description":"d")"), "x.json"),
      doctest::Contains("\"gpu\": false disagrees with suite \"mechanism\""));
  CHECK(parse_manifest(one_check(R"("suite":"mechanism","kind":"correctness","gpu":true,"description":"d")"), "x.json")
            .checks.at(0)
            .gpu);
}

TEST_CASE("manifest: every check says what it proves, for the course's tables") {
  const std::string check = R"({"number":"05","name":"s","title":"t","student_files":[],
    "checks":[{"id":"c","suite":"cpu","kind":"correctness","gpu":false,"description":"d"}]})";
  CHECK_THROWS_WITH(parse_manifest(check, "labs/x/lab.json"),
                    doctest::Contains("labs/x/lab.json: check c: \"proves\" is missing (write what the check proves"));
  CHECK(parse_manifest(check, "", ManifestUse::quoting).checks.at(0).proves.empty());  // the site says so itself
  const auto proving = [&](const std::string& proves) {
    std::string text = check;
    return text.replace(text.find(R"("description":"d")"), 17, R"("description":"d","proves":)" + proves);
  };
  CHECK(parse_manifest(proving(R"("exact")"), "x.json").checks.at(0).proves == "exact");
  CHECK_THROWS_WITH(parse_manifest(proving(R"("")"), "x.json"),
                    doctest::Contains("check c: \"proves\" must not be empty"));
  CHECK_THROWS_WITH(parse_manifest(proving(R"("up to {n}")"), "x.json"),
                    doctest::Contains("check c: {n} is not a parameter"));
}

TEST_CASE("manifest: ids are C++ names and fields are known") {
  CHECK_THROWS_WITH(parse_manifest(R"({"number":"05","name":"s","title":"t","student_files":[],
    "checks":[{"id":"two words","suite":"cpu","kind":"correctness","gpu":false,"description":"d","proves":"p"}]})",
                                   "x.json"),
                    doctest::Contains("check two words: the id must be a C++ name"));
  CHECK_THROWS_WITH(parse_manifest(one_check(kCpuCheck + R"("description":"d","hitn":"typo")"), "x.json"),
                    doctest::Contains("check c: unknown field \"hitn\""));
}

TEST_CASE("manifest: \"zh\" holds a check's description and hint, and the lab's title, in Chinese") {
  const Manifest m = parse_manifest(
      R"({"number":"05","name":"s","title":"Swizzle","summary":"what it teaches","student_files":[],
          "zh":{"title":"交换","summary":"学什么"},"parameters":{"side":4096},
          "checks":[{"id":"c","suite":"cpu","kind":"correctness","gpu":false,"description":"{side}x{side}",
                     "proves":"a {side}-wide tile","hint":"pad",
                     "zh":{"description":"{side}x{side} 的矩阵","proves":"{side} 宽的 tile","hint":"加填充"}},
                    {"id":"d","suite":"cpu","kind":"correctness","gpu":false,"description":"d","proves":"p",
                     "hint":"h","zh":{"description":"只有描述"}},
                    {"id":"e","suite":"cpu","kind":"correctness","gpu":false,"description":"e","proves":"p"}]})",
      "x.json");
  CHECK(m.zh.title == "交换");
  CHECK(m.zh.summary == "学什么");
  CHECK(m.checks.at(0).zh.description == "4096x4096 的矩阵");  // {name}s are substituted as in English
  CHECK(m.checks.at(0).zh.hint == "加填充");
  CHECK(m.checks.at(0).proves == "a 4096-wide tile");
  CHECK(m.checks.at(0).zh.proves == "4096 宽的 tile");
  CHECK(m.checks.at(1).zh.proves.empty());  // optional in the reader; memlab-site asks for it
  CHECK(m.checks.at(1).zh.description == "只有描述");
  CHECK(m.checks.at(1).zh.hint.empty());
  CHECK(m.checks.at(2).zh.description.empty());
  // Without "zh", nothing in Chinese.
  CHECK(parse_manifest(kManifest, "lab.json").zh.title.empty());
}

TEST_CASE("manifest: a \"zh\" that does not match the English is refused, naming the check") {
  const auto check = [](const std::string& fields) { return one_check(kCpuCheck + fields); };
  CHECK_THROWS_WITH(parse_manifest(check(R"("description":"d","zh":"中文")"), "x.json"),
                    doctest::Contains("check c: \"zh\" must be an object with description, proves and hint"));
  CHECK_THROWS_WITH(parse_manifest(check(R"("description":"d","zh":{"descripton":"描述"})"), "x.json"),
                    doctest::Contains("check c: zh: unknown field \"descripton\""));
  CHECK_THROWS_WITH(parse_manifest(R"({"number":"05","name":"s","title":"t","student_files":[],
                                       "checks":[{"id":"c","suite":"cpu","kind":"correctness","gpu":false,
                                                  "description":"d","zh":{"description":"描述","proves":"证明"}}]})",
                                   "x.json", ManifestUse::quoting),
                    doctest::Contains("check c: zh: \"proves\" translates an English \"proves\" that is not there"));
  CHECK_THROWS_WITH(parse_manifest(check(R"("description":"d","zh":{"hint":"提示"})"), "x.json"),
                    doctest::Contains("check c: zh: \"hint\" translates an English \"hint\" that is not there"));
  CHECK_THROWS_WITH(parse_manifest(check(R"("description":"d","hint":"h","zh":{"hint":"提示"})"), "x.json"),
                    doctest::Contains("check c: zh: \"description\" is missing"));
  CHECK_THROWS_WITH(parse_manifest(check(R"("description":"d","zh":{"description":""})"), "x.json"),
                    doctest::Contains("zh: \"description\" must be a non-empty string"));
  CHECK_THROWS_WITH(parse_manifest(check(R"("description":"d","zh":{"description":"{n} 个"})"), "x.json"),
                    doctest::Contains("check c: {n} is not a parameter of this lab"));
  CHECK_THROWS_WITH(parse_manifest(R"({"number":"05","name":"s","title":"t","student_files":[],"zh":{"summary":"学"},
                                       "checks":[{"id":"c","suite":"cpu","kind":"correctness","gpu":false,
                                                  "description":"d","proves":"p"}]})",
                                   "x.json"),
                    doctest::Contains("x.json: zh: \"summary\" translates an English \"summary\" that is not there"));
  CHECK_THROWS_WITH(parse_manifest(R"({"number":"05","name":"s","title":"t","student_files":[],"zh":{"name":"s"},
                                       "checks":[{"id":"c","suite":"cpu","kind":"correctness","gpu":false,
                                                  "description":"d","proves":"p"}]})",
                                   "x.json"),
                    doctest::Contains("zh: unknown field \"name\" (zh has title and summary)"));
}

TEST_CASE("manifest: {name} in a description, hint or basis is the parameter's value") {
  const Manifest m = parse_manifest(
      one_check(kCpuCheck + R"("description":"strides 1..{max_stride}, {threads} threads, {band} band",
                               "hint":"stride {max_stride}", "basis":"{big} loads, {whole} B")",
                R"({"max_stride": 64, "threads": 262144, "band": 0.15, "big": 4294967296, "whole": 4096.0})"),
      "x.json");
  const CheckSpec& c = m.checks.at(0);
  CHECK(c.description == "strides 1..64, 262144 threads, 0.15 band");
  CHECK(c.hint == "stride 64");
  CHECK(c.basis == "4294967296 loads, 4096 B");  // integral values print without decimals
  REQUIRE(m.parameters.size() == 5);
  CHECK(m.parameters.at("max_stride").integer);
  CHECK(m.parameters.at("max_stride").integer_value == 64);
  CHECK(m.parameters.at("big").integer_value == 4294967296LL);
  CHECK_FALSE(m.parameters.at("band").integer);
  CHECK(m.parameters.at("band").value == doctest::Approx(0.15));
  CHECK_FALSE(m.parameters.at("whole").integer);  // written with a fraction: a double in lab_checks.h
  CHECK(parameter_text(m.parameters.at("band")) == "0.15");
}

TEST_CASE("manifest: an unknown {name} or a stray brace is an error") {
  CHECK_THROWS_WITH(
      parse_manifest(one_check(kCpuCheck + R"("description":"up to {max_strid}")", R"({"max_stride": 64})"),
                     "labs/03/lab.json"),
      doctest::Contains("labs/03/lab.json: check c: {max_strid} is not a parameter of this lab "
                        "(\"parameters\": max_stride)"));
  CHECK_THROWS_WITH(parse_manifest(one_check(kCpuCheck + R"("description":"d","hint":"see {n}")"), "x.json"),
                    doctest::Contains("{n} is not a parameter of this lab (\"parameters\": none)"));
  CHECK_THROWS_WITH(parse_manifest(one_check(kCpuCheck + R"("description":"a set {1, 2}")"), "x.json"),
                    doctest::Contains("opens no {name}"));
  CHECK_THROWS_WITH(parse_manifest(one_check(kCpuCheck + R"("description":"d")", R"({"n": "64"})"), "x.json"),
                    doctest::Contains("parameter n must be a number"));
  CHECK_THROWS_WITH(parse_manifest(one_check(kCpuCheck + R"("description":"d")", R"({"max-stride": 64})"), "x.json"),
                    doctest::Contains("is not a C++ name"));
  CHECK(substitute_parameters("no braces", {}) == "no braces");
}

TEST_CASE("manifest: quoting (the site) reads what a partial manifest holds, and checks it as grading does") {
  const Manifest m = parse_manifest(R"({"checks":[{"id":"speedup","required":1.8,"unit":"x"},
                                                 {"id":"exact","suite":"cpu","description":"d"}]})",
                                    "", ManifestUse::quoting);
  REQUIRE(m.checks.size() == 2);
  CHECK(m.checks[0].suite.empty());
  CHECK(m.checks[1].kind == "correctness");  // an absent kind reads as its suite's
  CHECK_FALSE(m.checks[1].gpu);
  CHECK_THROWS_WITH(parse_manifest(R"({"checks":[{"id":"c","suite":"cpu","gpu":true}]})", "", ManifestUse::quoting),
                    doctest::Contains("disagrees with suite"));
  CHECK_THROWS_WITH(parse_manifest(R"({"checks":[{"id":"c","description":"{n}"}]})", "", ManifestUse::quoting),
                    doctest::Contains("{n} is not a parameter"));
  CHECK_THROWS_WITH(parse_manifest(R"({"checks":[{"id":"c"}]})", "x.json"), doctest::Contains("\"number\" is missing"));
}

TEST_CASE("manifest: errors name the file and the problem") {
  CHECK_THROWS_WITH(parse_manifest("{", "labs/04/lab.json"), doctest::Contains("labs/04/lab.json: not valid JSON"));
  CHECK_THROWS_WITH(parse_manifest(R"({"number": "04"})", "x.json"), doctest::Contains("missing or mistyped"));
  const char* no_threshold = R"({"number":"04","name":"p","title":"t","student_files":[],
    "checks":[{"id":"s","suite":"performance","kind":"performance","gpu":true,"compare":">=","description":"d",
               "proves":"p"}]})";
  CHECK_THROWS_WITH(parse_manifest(no_threshold, "x.json"), doctest::Contains("has no \"required\""));
  CHECK_THROWS_WITH(parse_manifest(one_check(kCpuCheck + R"("description":"d","points":"2")"), "x.json"),
                    doctest::Contains("check c: \"points\" must be a number"));
}

TEST_CASE("manifest: from_json reads a parsed document as grading") {
  const nlohmann::json doc = nlohmann::json::parse(kManifest);
  const Manifest m = doc.get<Manifest>();
  CHECK(m.checks.size() == 2);
  const CheckSpec c = doc.at("checks").at(1).get<CheckSpec>();
  CHECK(c.id == "speedup");
  const GapRule rule = nlohmann::json::parse(R"({"reach": 0.5, "target": "t", "counters": "x"})").get<GapRule>();
  CHECK(rule.close == 0.5);
  CHECK_THROWS_AS(nlohmann::json::parse(R"({"reach": 1.5, "target": "t", "counters": "x"})").get<GapRule>(),
                  std::runtime_error);
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

// A check id that went (retired_checks): an overrides file written for the older lab.json must
// not be ignored nor fail with a bare "no check named": the error names the replacement, in
// English and Chinese.
TEST_CASE("overrides: a retired check id fails with the name of its replacement") {
  const std::string retiring = R"({
    "number": "04", "name": "padding", "title": "Padding", "student_files": ["transpose.cu"],
    "retired_checks": [{"id": "old_counter", "replaced_by": "speedup"}],
    "checks": [
      {"id": "speedup", "suite": "performance", "kind": "performance", "gpu": true, "compare": ">=",
       "required": 1.8, "unit": "x", "points": 3, "description": "faster", "proves": "fast"}]})";
  Manifest m = parse_manifest(retiring, "lab.json");
  REQUIRE(m.retired.size() == 1);
  CHECK(m.retired[0].replaced_by == "speedup");
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"old_counter": {"points": 2}}})", "o.json"),
                    doctest::Contains("old_counter any more: it was replaced by speedup"));
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"old_counter": {"points": 2}}})", "o.json"),
                    doctest::Contains("已不再有检查 old_counter：它已被 speedup 取代"));
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"other": {"points": 2}}})", "o.json"),
                    doctest::Contains("no check named other"));
  CHECK(m.overridden.empty());

  // The manifest itself: a retired id may not be a check, and its replacement must be one.
  std::string both = retiring;
  both.replace(both.find("old_counter"), 11, "speedup");
  CHECK_THROWS_WITH(parse_manifest(both, "lab.json"), doctest::Contains("is retired"));
  std::string nowhere = retiring;
  nowhere.replace(nowhere.find("\"replaced_by\": \"speedup\""), 24, "\"replaced_by\": \"gone\"");
  CHECK_THROWS_WITH(parse_manifest(nowhere, "lab.json"), doctest::Contains("not a check of this lab"));
  const std::string replacement = R"(, "replaced_by": "speedup")";
  std::string unnamed = retiring;
  unnamed.replace(unnamed.find(replacement), replacement.size(), "");
  CHECK_THROWS_WITH(parse_manifest(unnamed, "lab.json"), doctest::Contains("\"replaced_by\" is missing"));
}

// Lab 06's own lab.json: fast_sectors_per_request went, and fast_adds_in_registers took its place.
TEST_CASE("overrides: lab 06's fast_sectors_per_request names fast_adds_in_registers") {
  Manifest m = load_manifest(MEMLAB_SOURCE_DIR "/labs/06-reorder-reduction");
  CHECK(m.find("fast_sectors_per_request") == nullptr);
  REQUIRE(m.find("fast_adds_in_registers") != nullptr);
  CHECK_THROWS_WITH(
      apply_overrides(m, R"({"06": {"fast_sectors_per_request": {"required": 4, "points": 1}}})", "thresholds.json"),
      doctest::Contains("replaced by fast_adds_in_registers"));
}

// A check that left the lab's grading with no replacement (it tested the course's own code) is
// retired with a reason in English and Chinese, which an overrides file that names it gets.
TEST_CASE("overrides: a check retired without a replacement fails with its reason") {
  const std::string retiring = R"({
    "number": "04", "name": "padding", "title": "Padding", "student_files": ["transpose.cu"],
    "retired_checks": [{"id": "course_code", "reason": "it is a course test now",
                        "zh": {"reason": "它现在是课程的测试"}}],
    "checks": [
      {"id": "speedup", "suite": "performance", "kind": "performance", "gpu": true, "compare": ">=",
       "required": 1.8, "unit": "x", "points": 3, "description": "faster", "proves": "fast"}]})";
  Manifest m = parse_manifest(retiring, "lab.json");
  REQUIRE(m.retired.size() == 1);
  CHECK(m.retired[0].replaced_by.empty());
  CHECK(m.retired[0].reason_zh == "它现在是课程的测试");
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"course_code": {"points": 2}}})", "o.json"),
                    doctest::Contains("no check named course_code any more: it is a course test now"));
  CHECK_THROWS_WITH(apply_overrides(m, R"({"04": {"course_code": {"points": 2}}})", "o.json"),
                    doctest::Contains("已不再有检查 course_code：它现在是课程的测试"));

  // A reason needs its Chinese, and a retired check has a replacement or a reason, not both.
  const std::string zh = R"(,
                        "zh": {"reason": "它现在是课程的测试"})";
  std::string english_only = retiring;
  english_only.replace(english_only.find(zh), zh.size(), "");
  CHECK_THROWS_WITH(parse_manifest(english_only, "lab.json"), doctest::Contains("English and Chinese"));
  std::string both = retiring;
  both.replace(both.find(R"("reason": "it)"), 0, R"("replaced_by": "speedup", )");
  CHECK_THROWS_WITH(parse_manifest(both, "lab.json"), doctest::Contains("exclude each other"));
}

// Lab 08's checks of the course's own occupancy calculator and candidate kernels went to the
// course's own tests: an overrides file that names one is told so.
TEST_CASE("overrides: lab 08's reference_matches_cuda_occupancy says it is a course test now") {
  Manifest m = load_manifest(MEMLAB_SOURCE_DIR "/labs/08-occupancy");
  CHECK(m.find("reference_matches_cuda_occupancy") == nullptr);
  CHECK_THROWS_WITH(
      apply_overrides(m, R"({"08": {"reference_matches_cuda_occupancy": {"points": 1}}})", "thresholds.json"),
      doctest::Contains("lab08.course.reference_occupancy"));
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
      if (!c.zh.description.empty()) CHECK_FALSE(c.zh.proves.empty());  // the Chinese pages' tables show it
      if (c.compare != Compare::is_true) CHECK_FALSE(c.basis.empty());  // every threshold rests on a measurement
    }
    ++count;
  }
  CHECK(count > 0);
}
