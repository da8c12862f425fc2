#include "known_wrong_table.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "expectations.h"
#include "memlab/result_files.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace memlab {

namespace {

// "fail: a, b; pass: c": the listed checks grouped by verdict, the verdicts in the order they
// first appear (checks in id order), so that a long list of failures reads as one group.
std::string grouped_verdicts(const std::vector<ExpectedVerdict>& verdicts) {
  std::vector<std::pair<std::string, std::string>> groups;
  for (const auto& v : verdicts) {
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == v.want; });
    if (group == groups.end())
      groups.emplace_back(v.want, v.id);
    else
      group->second += ", " + v.id;
  }
  std::string text;
  for (const auto& [verdict, ids] : groups) text += (text.empty() ? "" : "; ") + verdict + ": " + ids;
  return text;
}

// "yes", or what was not as expected: the checks with another verdict, a score over the cap. A
// "yes" names the timed checks that this GPU could not grade by time, and what graded them.
std::string as_expected(const ExpectationOutcome& outcome) {
  if (!outcome.report_written) return "NO: the report was not written (the grading did not finish)";
  if (outcome.met()) {
    std::string by_counters;
    for (const auto& v : outcome.verdicts)
      if (v.graded_by_counters()) by_counters += (by_counters.empty() ? "" : ", ") + v.id + " by " + v.graded_by;
    return by_counters.empty() ? "yes" : "yes (graded by counters on this GPU: " + by_counters + ")";
  }
  std::ostringstream text;
  text << "NO:";
  for (const auto& v : outcome.verdicts)
    if (!v.ok()) text << " " << v.id << " " << v.actual << " (want " << v.want << ");";
  if (!outcome.score_ok()) text << " score " << outcome.score << " (at most " << outcome.max_score << ");";
  std::string s = text.str();
  s.pop_back();  // the last ';'
  return s;
}

}  // namespace

int known_wrong_table(const fs::path& cases_dir, const fs::path& root, std::ostream& out) {
  if (!fs::is_directory(cases_dir)) throw std::runtime_error("no such folder: " + cases_dir.string());
  std::vector<fs::path> cases;
  for (const auto& entry : fs::directory_iterator(cases_dir))
    if (entry.is_directory()) cases.push_back(entry.path());
  std::sort(cases.begin(), cases.end());
  if (cases.empty())
    throw std::runtime_error("no known-wrong submission in " + cases_dir.string() + " (want " + cases_dir.string() +
                             "/<case>/labNN.json)");
  // verify-labs.sh keeps the honest solutions in other styles in DIR/other-styles: their
  // expected.json files are in solutions/other-styles/, and the table names them so.
  const bool styles = cases_dir.filename() == "other-styles" ||
                      (cases_dir.filename().empty() && cases_dir.parent_path().filename() == "other-styles");
  const std::string folder = styles ? "other-styles" : "wrong";
  const std::string kind = styles ? "other-style solution" : "known-wrong submission";
  out << "| " << kind << " | lab | expected verdicts | score | as expected |\n"
      << "| --- | --- | --- | --- | --- |\n";
  int not_met = 0;
  for (const auto& case_dir : cases) {
    const std::string name = case_dir.filename().string();
    fs::path expected_path = case_dir / "expected.json";
    if (!fs::exists(expected_path)) expected_path = root / "solutions" / folder / name / "expected.json";
    if (!fs::exists(expected_path))
      throw std::runtime_error("no expected.json for " + name + " (neither in " + case_dir.string() + " nor " +
                               expected_path.string() + ")");
    try {
      const json expected = json::parse(read_text_file(expected_path));
      const std::string lab = expected.at("lab").get<std::string>();
      const ExpectationOutcome outcome = check_expectation(expected, case_dir / ("lab" + lab + ".json"));
      not_met += outcome.met() ? 0 : 1;
      std::ostringstream score;
      if (outcome.report_written) score << outcome.score << " (at most " << outcome.max_score << ")";
      out << "| " << name << " | " << lab << " | "
          << (outcome.report_written && !outcome.had_gpu ? "(without a GPU) " : "")
          << grouped_verdicts(outcome.verdicts) << " | " << score.str() << " | " << as_expected(outcome) << " |\n";
    } catch (const json::exception& e) {
      throw std::runtime_error(name + ": " + e.what());
    }
  }
  out << "\n" << not_met << " " << kind << "(s) not graded as expected\n";
  return not_met == 0 ? 0 : 1;
}

}  // namespace memlab
