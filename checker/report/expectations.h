#pragma once
// A known-wrong submission (solutions/wrong/<case>/) against the verdicts its expected.json
// lists: the --expect check that each known-wrong test's report step runs, and the rows of the
// known-wrong table.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace memlab {

// The counter check that took a timed check's points because this GPU could not grade it by time
// (the check is skipped with 0 points left and names where they went), or empty. The
// verification table and the known-case comparison read a report's check the same way.
std::string counter_that_graded(const nlohmann::json& check);

// One check that expected.json lists, and the verdict the report gave it.
struct ExpectedVerdict {
  std::string id;
  std::string want;
  std::string actual = "(absent)";  // the check is not in the report
  std::string detail;               // the report's detail for the check
  // The counter check that graded this timed check's lesson, when this GPU could not grade it by
  // time (its gap rule skipped it and moved its points there); else empty.
  std::string graded_by;
  // A skip of that kind meets a "pass": the verification table accepts it for the solution, and
  // an honest case loses nothing by it. It never meets a "fail": a known-wrong case that this
  // check was meant to catch is then not caught by time on this GPU, and the table must say so.
  bool graded_by_counters() const { return want == "pass" && actual == "skip" && !graded_by.empty(); }
  bool ok() const { return actual == want || graded_by_counters(); }
};

struct ExpectationOutcome {
  bool report_written = false;            // false: the grading did not finish (a hang, a crash of the tools)
  bool had_gpu = false;                   // which list applied: "expect" (a GPU) or "expect_without_gpu"
  std::vector<ExpectedVerdict> verdicts;  // in id order (nlohmann::json sorts keys)
  double score = 0, max_score = 0;        // the report's score and expected.json's cap on it
  bool score_ok() const { return score <= max_score; }
  bool met() const;
};

// Compares the report at `report_path` with `expected` (expected.json's content): every listed
// check must have its verdict (from "expect" when the run had a GPU, "expect_without_gpu"
// without one) and the score must be at most max_score. A missing report is an outcome (not
// written), not an error; throws when a file is not the JSON it should be.
ExpectationOutcome check_expectation(const nlohmann::json& expected, const std::filesystem::path& report_path);

// The text `memlab-report --expect` prints (verify-labs.sh picks the lines that start with
// "  NO"); returns 0 when the outcome met expected.json, else 1.
int print_expectation(const ExpectationOutcome& outcome, const std::string& expected_path,
                      const std::string& report_path, std::ostream& out);

}  // namespace memlab
