// The gap rule (memlab/gap_rule.h) and how the judge and the report apply it.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "memlab/bottleneck_model.h"
#include "memlab/gap_rule.h"
#include "memlab/manifest.h"
#include "memlab/report.h"
#include "memlab/suite_judge.h"

using namespace memlab;

namespace {

GapRule rule(double reach) {
  GapRule r;
  r.close = 0.5;
  r.reach = reach;
  r.target = "the copy roofline";
  r.counters = "wavefronts";
  return r;
}

const char* kManifest = R"({
  "number": "04", "name": "padding", "title": "t", "student_files": ["transpose.cu"],
  "checks": [
    {"id": "speedup", "suite": "performance", "kind": "performance", "gpu": true, "compare": ">=", "unit": "x", "points": 3, "description": "d", "proves": "p",
     "gap_rule": {"close": 0.5, "reach": 0.75, "target": "the copy roofline", "counters": "wavefronts"}},
    {"id": "fraction", "suite": "performance", "kind": "performance", "gpu": true, "compare": ">=", "required": 0.75, "unit": "fraction", "points": 3,
     "description": "d", "proves": "p", "gap_rule": {"reach": 0.75, "target": "the copy roofline", "counters": "wavefronts"}},
    {"id": "wavefronts", "suite": "mechanism", "kind": "mechanism", "gpu": true, "compare": "<=", "required": 1.3, "points": 1, "description": "d", "proves": "p"}
  ]})";

MeasurementRecord value(const std::string& id, double v, double starter_ms, double target_ms) {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::check;
  r.id = id;
  r.outcome = Outcome::value;
  r.estimate = Estimate::exact(v);
  r.gap = GapMeasurement{starter_ms, target_ms};
  return r;
}

ProgramEnding ended_well() {
  ProgramEnding e;
  e.ran = true;
  e.exit_code = 0;
  e.sent_end = true;
  return e;
}

}  // namespace

TEST_CASE("gap rule: the gate is where a kernel at `reach` closes exactly `close` of the gap") {
  for (double reach : {0.5, 0.75, 0.85, 0.95}) {
    const GapRule r = rule(reach);
    const double gate = gap_gate(r);
    CHECK(gap_required_speedup(r, gate) == doctest::Approx(gate * reach));
    // Above the gate a kernel at `reach` of the target passes and the starter (1.0x) fails.
    for (double headroom : {gate, gate * 1.5, gate * 4}) {
      CHECK(headroom * reach >= gap_required_speedup(r, headroom) - 1e-12);
      CHECK(gap_required_speedup(r, headroom) > 1.0);
    }
  }
  CHECK(gap_gate(rule(0.75)) == doctest::Approx(5.0 / 3));
  CHECK(gap_gate(rule(0.85)) == doctest::Approx(1.3529).epsilon(1e-4));
  // Lab 04 on the H200 (docs/results/h200.md): starter 0.314 ms, copy roofline 0.138 ms.
  CHECK(gap_required_speedup(rule(0.75), 0.314 / 0.138) == doctest::Approx(1.39).epsilon(0.005));
}

TEST_CASE("gap rule: below the gate the counters grade the check") {
  const GapDecision low = decide_gap(rule(0.75), {0.150, 0.138});
  CHECK_FALSE(low.graded_by_time);
  CHECK(low.reason.find("graded by the counters (wavefronts") != std::string::npos);
  const GapDecision high = decide_gap(rule(0.75), {0.314, 0.138});
  CHECK(high.graded_by_time);
  CHECK(high.required_text.find(">= 1.39x (half of the gap: the starter 0.314 ms, the copy roofline 0.138 ms") == 0);
  CHECK_THROWS_AS(decide_gap(rule(0.75), {0, 0.138}), std::invalid_argument);
  CHECK_THROWS_AS(decide_gap(rule(1.5), {0.3, 0.1}), std::invalid_argument);
}

TEST_CASE("bottleneck model: the slowest resource, and a latency-bound kernel's conflicts") {
  const ResourceRates h200{3889e9, 132 * 1980e6 * 0.91};
  // Lab 04's starter tile: 1056 wavefronts per 8 KiB tile, shared-memory bound on the H200.
  const KernelWork starter{2.0 * 8192 * 8192 * 4, 65536.0 * 1056};
  CHECK(std::string(bottleneck_name(starter, h200)) == "shared memory");
  CHECK(bottleneck_ms(starter, h200) == doctest::Approx(69206016 / (132 * 1980e6 * 0.91) * 1e3));
  const KernelWork solution{2.0 * 8192 * 8192 * 4, 65536.0 * 64};
  CHECK(std::string(bottleneck_name(solution, h200)) == "DRAM");
  CHECK(without_extra_wavefronts_ms(0.75, 0, 1e11, 0.1) == doctest::Approx(0.75));
  CHECK(without_extra_wavefronts_ms(0.75, 1e8, 1e11, 0.1) == doctest::Approx(0.1));  // floored
  CHECK_THROWS_AS(bottleneck_ms(starter, {0, 1}), std::invalid_argument);
}

TEST_CASE("manifest: gap rules are parsed, checked and overridable") {
  const Manifest m = parse_manifest(kManifest, "lab.json");
  REQUIRE(m.find("speedup")->gap_rule);
  CHECK(m.find("speedup")->gap_rule->reach == 0.75);
  CHECK_FALSE(m.find("speedup")->required);
  CHECK(m.find("fraction")->gap_rule->close == 0.5);  // the default
  std::string bad = kManifest;
  bad.replace(bad.find("\"counters\": \"wavefronts\"}}"), 26, "\"counters\": \"nothing\"}}");
  CHECK_THROWS_WITH_AS(parse_manifest(bad, "lab.json"), doctest::Contains("not a check of this lab"),
                       std::runtime_error);
  Manifest o = m;
  apply_overrides(o, R"({"04": {"speedup": {"reach": 0.8, "close": 0.6}}})", "over.json");
  CHECK(o.find("speedup")->gap_rule->reach == 0.8);
  CHECK(o.find("speedup")->gap_rule->close == 0.6);
  CHECK_THROWS_AS(apply_overrides(o, R"({"04": {"wavefronts": {"reach": 0.8}}})", "over.json"), std::runtime_error);
  CHECK_THROWS_AS(apply_overrides(o, R"({"04": {"speedup": {"reach": 1.8}}})", "over.json"), std::runtime_error);
}

TEST_CASE("judge: a gap rule sets what a speedup requires, or hands the check to the counters") {
  const Manifest m = parse_manifest(kManifest, "lab.json");
  // The H200's lab 04: the rule asks 1.39x; 1.99x passes, 1.2x fails, the starter's 1.0x fails.
  auto graded = judge_suite(
      m, "performance", {value("speedup", 1.99, 0.314, 0.138), value("fraction", 0.88, 0.314, 0.138)}, ended_well());
  CHECK(graded[0].verdict == Verdict::pass);
  CHECK(graded[0].required_text.find(">= 1.39x") == 0);
  CHECK(graded[1].verdict == Verdict::pass);
  CHECK(graded[1].required_text.find(">= 75 % (graded by time") == 0);
  CHECK(judge_suite(m, "performance", {value("speedup", 1.2, 0.314, 0.138), value("fraction", 0.5, 0.314, 0.138)},
                    ended_well())[0]
            .verdict == Verdict::fail);
  // A GPU where the conflict costs 9 %: both checks skipped, their points moved.
  auto cheap = judge_suite(m, "performance",
                           {value("speedup", 1.0, 0.150, 0.138), value("fraction", 0.92, 0.150, 0.138)}, ended_well());
  CHECK(cheap[0].verdict == Verdict::skip);
  CHECK(cheap[0].points_moved_to == "wavefronts");
  CHECK(cheap[1].verdict == Verdict::skip);
  // A record without its gap cannot be judged.
  MeasurementRecord no_gap = value("speedup", 1.99, 1, 1);
  no_gap.gap.reset();
  CHECK(judge_suite(m, "performance", {no_gap, value("fraction", 0.88, 0.314, 0.138)}, ended_well())[0].verdict ==
        Verdict::fail);

  // The report: the counter check carries the moved points; the maximum stays 7.
  std::vector<CheckResult> rows = cheap;
  CheckResult counters;
  counters.id = "wavefronts";
  counters.verdict = Verdict::pass;
  counters.points = counters.max_points = 1;
  rows.push_back(counters);
  move_points_of_checks_not_graded_by_time(rows);
  CHECK(rows[2].max_points == 7);
  CHECK(rows[2].points == 7);
  CHECK(rows[0].max_points == 0);
  CHECK(rows[2].detail.find("also carries the 3 point(s) of speedup") != std::string::npos);
}

TEST_CASE("measurement records carry the gap both ways") {
  const MeasurementRecord r = value("speedup", 1.5, 0.3, 0.1);
  const MeasurementRecord back = record_from_line(to_line(r));
  REQUIRE(back.gap);
  CHECK(back.gap->starter_ms == 0.3);
  CHECK(back.gap->target_ms == 0.1);
  CHECK_THROWS(record_from_line(
      R"({"record":"check","id":"s","outcome":"value","value":1,"low":1,"high":1,"measured_text":"","doubt":"","detail":"","gap":{"starter_ms":-1,"target_ms":1}})"));
}
