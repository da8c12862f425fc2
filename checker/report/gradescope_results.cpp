#include "gradescope_results.h"

#include <sstream>

#include "memlab/report_words.h"
#include "memlab/result_files.h"

namespace memlab {

using nlohmann::json;

namespace {

// What the checks of the graded labs did to the score, for the overall output.
struct ScoreEffects {
  int skipped = 0;
  double skipped_points = 0;  // the points of the skipped checks, which scored 0
  std::string skip_reason;    // the first skipped check's reason
  int moved = 0;              // skipped because this GPU cannot grade them by time
  int inconclusive = 0;
  double inconclusive_points = 0;
};

std::string text_of(const json& check, const char* key) { return check.value(key, std::string()); }

Verdict verdict_of(const std::string& name) {
  for (Verdict v : {Verdict::pass, Verdict::fail, Verdict::inconclusive, Verdict::skip})
    if (name == to_string(v)) return v;
  return Verdict::skip;
}

// "5 points", "1 point": the overall output is read by students.
std::string points_text(double points, const ReportWords& w) {
  return fill(w.points.of(points), fmt::arg("n", count_text(points)));
}

std::string checks_text(int n, const ReportWords& w) { return fill(w.checks.of(n), fmt::arg("n", n)); }

// Gradescope's top-level "simple_format" renders HTML: "<= 1" must not start a tag.
std::string escape_html(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

// The test's output: why it was skipped first, then what it measures, the values, the reason, the hint.
std::string test_output(const json& c, const ReportWords& w) {
  const std::string verdict = c["verdict"];
  const std::string detail = text_of(c, "detail");
  std::string output;
  if (verdict == "skip") output = fill(w.skipped, fmt::arg("reason", detail.empty() ? w.no_reason : detail)) + "\n";
  output += text_of(c, "description");
  if (!text_of(c, "measured_text").empty())
    output += "\n" + fill(w.output_measured, fmt::arg("value", text_of(c, "measured_text")));
  if (!text_of(c, "required_text").empty())
    output += "\n" + fill(w.output_required, fmt::arg("value", text_of(c, "required_text")));
  if (verdict != "skip" && !detail.empty())
    output += "\n" + fill(w.output_reason, fmt::arg("verdict", w.verdict[static_cast<int>(verdict_of(verdict))]),
                          fmt::arg("detail", detail));
  if (c.contains("points_moved_to"))
    output += "\n" + fill(w.points_moved, fmt::arg("check", c["points_moved_to"].get<std::string>()));
  if (verdict == "inconclusive") output += "\n" + std::string(w.inconclusive_score);
  if (verdict == "fail" && !text_of(c, "hint").empty())
    output += "\n" + fill(w.hint, fmt::arg("text", text_of(c, "hint")));
  return output;
}

json test_of(const std::string& lab_number, const json& c, const ReportWords& w) {
  const std::string verdict = c["verdict"];
  // The name stays English in every language: it is the test's id in Gradescope across regrades.
  json test{{"name", "Lab " + lab_number + ": " + c["id"].get<std::string>()},
            {"score", c["points"]},
            {"max_score", c["max_points"]},
            {"output", test_output(c, w)}};
  if (verdict == "pass") test["status"] = "passed";
  if (verdict == "fail" || verdict == "inconclusive") test["status"] = "failed";
  if (verdict == "skip") test["tags"] = json::array({"skipped"});
  return test;
}

void count_effect(const json& c, ScoreEffects& effects) {
  const std::string verdict = c["verdict"];
  if (verdict == "inconclusive") {
    ++effects.inconclusive;
    effects.inconclusive_points += c["max_points"].get<double>();
  }
  if (verdict != "skip") return;
  if (c.contains("points_moved_to")) {
    ++effects.moved;
    return;
  }
  ++effects.skipped;
  effects.skipped_points += c["max_points"].get<double>();
  if (effects.skip_reason.empty()) effects.skip_reason = text_of(c, "detail");
}

// "Lab 04: graded ...: 2 / 18 (the checks that ran here are worth 5 of the 18 points)".
std::string lab_line(const json& lab, const ReportWords& w) {
  double gradable = 0;
  for (const auto& c : lab["checks"])
    if (c["verdict"] != "skip") gradable += c["max_points"].get<double>();
  const double max_score = lab["max_score"].get<double>();
  std::string line =
      fill(w.lab_line, fmt::arg("lab", lab["lab"].get<std::string>()),
           fmt::arg("graded", lab.value("graded", std::string("?"))),
           fmt::arg("score", count_text(lab["score"].get<double>())), fmt::arg("max", count_text(max_score)));
  if (gradable < max_score)
    line += fill(w.lab_line_gradable, fmt::arg("gradable", count_text(gradable)),
                 fmt::arg("max", points_text(max_score, w)));
  return line;
}

// What a skipped or an inconclusive check does to the score: the rule, then what happened here.
std::string scoring_note(const ScoreEffects& e, const ReportWords& w) {
  std::string note = w.scoring_rule;
  if (e.skipped > 0)
    note += fill(w.skipped_here.of(e.skipped), fmt::arg("checks", checks_text(e.skipped, w)),
                 fmt::arg("points", points_text(e.skipped_points, w)), fmt::arg("reason", e.skip_reason));
  else
    note += w.none_skipped;
  note += w.inconclusive_rule;
  if (e.inconclusive > 0)
    note += fill(w.inconclusive_here.of(e.inconclusive), fmt::arg("checks", checks_text(e.inconclusive, w)),
                 fmt::arg("points", points_text(e.inconclusive_points, w)));
  else
    note += w.none_inconclusive;
  if (e.moved > 0) note += fill(w.moved_here.of(e.moved), fmt::arg("checks", checks_text(e.moved, w)));
  return note;
}

json lab_summary(const json& lab) {
  json summary{{"lab", lab["lab"]}, {"score", lab["score"]}, {"max_score", lab["max_score"]}};
  if (lab.contains("summary")) summary["verdicts"] = lab["summary"];
  if (lab.contains("student_hash")) summary["student_hash"] = lab["student_hash"];
  return summary;
}

}  // namespace

nlohmann::json gradescope_results(const std::filesystem::path& results_dir, const std::vector<std::string>& labs,
                                  Language language) {
  const ReportWords& w = report_words(language);
  json out{{"tests", json::array()}, {"extra_data", {{"labs", json::array()}}}};
  double score = 0;
  ScoreEffects effects;
  std::ostringstream overview;
  for (const auto& name : labs) {
    const std::filesystem::path path = results_dir / (name + ".json");
    if (!std::filesystem::exists(path)) {
      overview << fill(w.lab_not_graded, fmt::arg("lab", name)) << "\n";
      continue;
    }
    const json lab = json::parse(read_text_file(path));
    overview << lab_line(lab, w) << "\n";
    const std::string environment = lab.value("environment", std::string());
    if (!environment.empty()) overview << environment << "\n";
    // How the code was contained: an instructor sees at once a grade made on a weaker machine.
    if (lab.contains("containment") && lab["containment"].contains("text"))
      overview << lab["containment"]["text"].get<std::string>() << "\n";
    for (const auto& c : lab["checks"]) {
      out["tests"].push_back(test_of(lab["lab"].get<std::string>(), c, w));
      score += c["points"].get<double>();
      count_effect(c, effects);
    }
    out["extra_data"]["labs"].push_back(lab_summary(lab));
  }
  overview << "\n" << scoring_note(effects, w) << "\n";
  out["score"] = score;
  out["output"] = escape_html(overview.str());
  return out;
}

}  // namespace memlab
