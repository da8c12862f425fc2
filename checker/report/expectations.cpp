#include "expectations.h"

#include "memlab/result_files.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace memlab {

std::string counter_that_graded(const json& check) {
  if (check.value("verdict", std::string()) != "skip" || check.value("max_points", 1.0) != 0) return "";
  return check.value("points_moved_to", std::string());
}

bool ExpectationOutcome::met() const {
  if (!report_written || !score_ok()) return false;
  for (const auto& v : verdicts)
    if (!v.ok()) return false;
  return true;
}

ExpectationOutcome check_expectation(const json& expected, const fs::path& report_path) {
  ExpectationOutcome outcome;
  outcome.max_score = expected.at("max_score").get<double>();
  if (!fs::exists(report_path)) {
    // Which list would have applied is unknown without a report: show the one for a GPU.
    const json listed = expected.value("expect", json::object());  // named: items() refers to it
    for (const auto& [id, verdict] : listed.items()) {
      ExpectedVerdict v;
      v.id = id;
      v.want = verdict.get<std::string>();
      outcome.verdicts.push_back(v);
    }
    return outcome;
  }
  outcome.report_written = true;
  const json got = json::parse(read_text_file(report_path));
  // A run without a GPU says so in its environment ("skipped: ..."): its checks that need one
  // skip, and expected.json lists what they must do then.
  // Fields are read with at(): operator[] on a const json with a missing key is undefined.
  outcome.had_gpu = got.contains("environment") && got.at("environment").get<std::string>().rfind("skipped:", 0) != 0;
  const json listed = expected.value(outcome.had_gpu ? "expect" : "expect_without_gpu", json::object());
  for (const auto& [id, verdict] : listed.items()) {
    ExpectedVerdict v;
    v.id = id;
    v.want = verdict.get<std::string>();
    for (const auto& c : got.at("checks"))
      if (c.at("id") == id) {
        v.actual = c.at("verdict").get<std::string>();
        v.detail = c.value("detail", std::string());
        v.graded_by = counter_that_graded(c);
      }
    outcome.verdicts.push_back(v);
  }
  outcome.score = got.at("score").get<double>();
  return outcome;
}

int print_expectation(const ExpectationOutcome& outcome, const std::string& expected_path,
                      const std::string& report_path, std::ostream& out) {
  if (!outcome.report_written) {
    out << "NO: " << report_path << " was not written: the grading of this submission did not finish\n";
    return 1;
  }
  out << "case " << expected_path << " (" << (outcome.had_gpu ? "with a GPU" : "without a GPU") << "):\n";
  for (const auto& v : outcome.verdicts)
    out << "  " << (v.ok() ? "ok " : "NO ") << v.id << ": " << v.actual << " (want " << v.want
        << (v.graded_by_counters() ? "; this GPU cannot grade it by time, " + v.graded_by + " graded its lesson" : "")
        << ")" << (v.detail.empty() ? "" : " - " + v.detail.substr(0, 200)) << "\n";
  out << "  " << (outcome.score_ok() ? "ok " : "NO ") << "score " << outcome.score << " (at most " << outcome.max_score
      << ")\n";
  return outcome.met() ? 0 : 1;
}

}  // namespace memlab
