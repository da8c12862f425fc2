#include "gradescope_results.h"

#include <sstream>

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

// "5 points", "1 point": the overall output is read by students.
std::string points_text(double points) {
  std::ostringstream out;
  out << points << (points == 1 ? " point" : " points");
  return out.str();
}

std::string checks_text(int n) { return std::to_string(n) + (n == 1 ? " check" : " checks"); }

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
std::string test_output(const json& c) {
  const std::string verdict = c["verdict"];
  const std::string detail = text_of(c, "detail");
  std::string output;
  if (verdict == "skip") output = "Skipped: " + (detail.empty() ? std::string("no reason given") : detail) + "\n";
  output += text_of(c, "description");
  if (!text_of(c, "measured_text").empty()) output += "\nmeasured: " + text_of(c, "measured_text");
  if (!text_of(c, "required_text").empty()) output += "\nrequired: " + text_of(c, "required_text");
  if (verdict != "skip" && !detail.empty()) output += "\n" + verdict + ": " + detail;
  if (c.contains("points_moved_to"))
    output += "\nits points moved to " + c["points_moved_to"].get<std::string>() + " on this GPU";
  if (verdict == "inconclusive")
    output += "\nscore: 0, shown as failed: this machine was too noisy to decide; a regrade on an idle GPU decides it";
  if (verdict == "fail" && !text_of(c, "hint").empty()) output += "\nhint: " + text_of(c, "hint");
  return output;
}

json test_of(const std::string& lab_number, const json& c) {
  const std::string verdict = c["verdict"];
  json test{{"name", "Lab " + lab_number + ": " + c["id"].get<std::string>()},
            {"score", c["points"]},
            {"max_score", c["max_points"]},
            {"output", test_output(c)}};
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
std::string lab_line(const json& lab) {
  double gradable = 0;
  for (const auto& c : lab["checks"])
    if (c["verdict"] != "skip") gradable += c["max_points"].get<double>();
  const double max_score = lab["max_score"].get<double>();
  std::ostringstream line;
  line << "Lab " << lab["lab"].get<std::string>() << ": graded " << lab.value("graded", std::string("?")) << ": "
       << lab["score"].get<double>() << " / " << max_score;
  if (gradable < max_score)
    line << " (the checks that ran here are worth " << gradable << " of the " << points_text(max_score) << ")";
  return line.str();
}

// What a skipped or an inconclusive check does to the score: the rule, then what happened here.
std::string scoring_note(const ScoreEffects& e) {
  std::ostringstream note;
  note << "How the score counts: a passed check scores its points; a failed check scores 0. "
       << "A skipped check scores 0 of its points and Gradescope shows it as failed, with \"Skipped:\" and the "
       << "reason at the top of its output; only a grading on a machine that can run it gives it its points. ";
  if (e.skipped > 0)
    note << "Here " << checks_text(e.skipped) << " (" << points_text(e.skipped_points) << ") "
         << (e.skipped == 1 ? "was" : "were") << " skipped: " << e.skip_reason << ". ";
  else
    note << "Here no check was skipped. ";
  note << "An inconclusive check (the machine was too noisy to decide, even when measured again) scores 0 and "
       << "shows as failed; a regrade on an idle GPU decides it. ";
  if (e.inconclusive > 0)
    note << "Here " << checks_text(e.inconclusive) << " (" << points_text(e.inconclusive_points) << ") "
         << (e.inconclusive == 1 ? "was" : "were") << " inconclusive.";
  else
    note << "Here no check was inconclusive.";
  if (e.moved > 0)
    note << " " << checks_text(e.moved) << " timed on this GPU scored 0 of 0: this GPU cannot grade "
         << (e.moved == 1 ? "it" : "them") << " by time, so the points moved to the counter check named in "
         << (e.moved == 1 ? "its" : "their") << " output.";
  return note.str();
}

json lab_summary(const json& lab) {
  json summary{{"lab", lab["lab"]}, {"score", lab["score"]}, {"max_score", lab["max_score"]}};
  if (lab.contains("summary")) summary["verdicts"] = lab["summary"];
  if (lab.contains("student_hash")) summary["student_hash"] = lab["student_hash"];
  return summary;
}

}  // namespace

nlohmann::json gradescope_results(const std::filesystem::path& results_dir, const std::vector<std::string>& labs) {
  json out{{"tests", json::array()}, {"extra_data", {{"labs", json::array()}}}};
  double score = 0;
  ScoreEffects effects;
  std::ostringstream overview;
  for (const auto& name : labs) {
    const std::filesystem::path path = results_dir / (name + ".json");
    if (!std::filesystem::exists(path)) {
      overview << name << ": not graded yet in this build\n";
      continue;
    }
    const json lab = json::parse(read_text_file(path));
    overview << lab_line(lab) << "\n";
    const std::string environment = lab.value("environment", std::string());
    if (!environment.empty()) overview << environment << "\n";
    for (const auto& c : lab["checks"]) {
      out["tests"].push_back(test_of(lab["lab"].get<std::string>(), c));
      score += c["points"].get<double>();
      count_effect(c, effects);
    }
    out["extra_data"]["labs"].push_back(lab_summary(lab));
  }
  overview << "\n" << scoring_note(effects) << "\n";
  out["score"] = score;
  out["output"] = escape_html(overview.str());
  return out;
}

}  // namespace memlab
