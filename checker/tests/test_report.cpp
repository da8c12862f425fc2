#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>

#include "memlab/report.h"

using namespace memlab;

TEST_CASE("report parts round-trip through JSON") {
  ReportPart p;
  p.lab = "04";
  p.suite = "performance";
  p.variant = "solution";
  p.seed = "0x2a";
  CheckResult r;
  r.id = "speedup_vs_starter";
  r.suite = "performance";
  r.verdict = Verdict::inconclusive;
  r.measured = 1.79;
  r.measured_text = "1.79x";
  r.required_text = ">= 1.8x";
  r.detail = "GPU busy: 1 other process";
  r.max_points = 3;
  p.checks.push_back(r);
  ReportPart q = part_from_json(to_json(p));
  CHECK(q.lab == "04");
  REQUIRE(q.checks.size() == 1);
  CHECK(q.checks[0].verdict == Verdict::inconclusive);
  CHECK(*q.checks[0].measured == doctest::Approx(1.79));
  CHECK(q.checks[0].detail == r.detail);
  CHECK(q.printed.empty());
  CHECK(to_json(p).find("printed") == std::string::npos);  // a part without printing has no field

  p.printed = "tile pitch 33\n";  // what the student's host code printed in the recorder
  CHECK(part_from_json(to_json(p)).printed == "tile pitch 33\n");
}

TEST_CASE("console lines show measured, required, and the hint on failure") {
  CheckResult r;
  r.id = "speedup_vs_starter";
  r.verdict = Verdict::fail;
  r.measured_text = "1.01x";
  r.required_text = ">= 1.8x";
  r.hint = "pad the tile";
  std::string line = console_line(r);
  CHECK(line.find("[FAIL") != std::string::npos);
  CHECK(line.find("measured 1.01x") != std::string::npos);
  CHECK(line.find("required >= 1.8x") != std::string::npos);
  CHECK(line.find("hint: pad the tile") != std::string::npos);
  r.verdict = Verdict::pass;
  CHECK(console_line(r).find("hint") == std::string::npos);
}

TEST_CASE("student file hash depends on content and names") {
  const char* a = "hash_a.cu";
  const char* b = "hash_b.cu";
  std::ofstream(a) << "__global__ void k() {}";
  std::ofstream(b) << "__global__ void k() {}";
  std::string ha = hash_files({a}), hb = hash_files({b});
  CHECK(ha.rfind("fnv1a64:", 0) == 0);
  CHECK(ha != hb);  // same bytes, different name
  std::ofstream(a, std::ios::app) << "x";
  CHECK(hash_files({a}) != ha);
  std::remove(a);
  std::remove(b);
}
