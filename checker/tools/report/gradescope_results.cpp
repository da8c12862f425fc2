#include "gradescope_results.h"

#include <sstream>

#include "memlab/result_files.h"

namespace memlab {

using nlohmann::json;

nlohmann::json gradescope_results(const std::filesystem::path& results_dir, const std::vector<std::string>& labs) {
  json out{{"tests", json::array()}};
  double score = 0;
  std::ostringstream overview;
  for (const auto& name : labs) {
    const std::filesystem::path path = results_dir / (name + ".json");
    if (!std::filesystem::exists(path)) {
      overview << name << ": not graded yet in this build\n";
      continue;
    }
    json lab = json::parse(read_text_file(path));
    overview << "Lab " << lab["lab"].get<std::string>() << ": graded " << lab.value("graded", std::string("?")) << ": "
             << lab["score"].get<double>() << " / " << lab["max_score"].get<double>() << "\n";
    if (lab.contains("environment")) overview << lab["environment"].get<std::string>() << "\n";
    for (const auto& c : lab["checks"]) {
      const std::string verdict = c["verdict"];
      const std::string detail = c["detail"].get<std::string>();
      std::string output;
      if (verdict == "skip") output = "Skipped: " + (detail.empty() ? std::string("no reason given") : detail) + "\n";
      output += c["description"].get<std::string>();
      if (!c["measured_text"].get<std::string>().empty()) output += "\nmeasured: " + c["measured_text"].get<std::string>();
      if (!c["required_text"].get<std::string>().empty()) output += "\nrequired: " + c["required_text"].get<std::string>();
      if (verdict != "skip" && !detail.empty()) output += "\n" + verdict + ": " + detail;
      if (c.contains("points_moved_to"))
        output += "\nits points moved to " + c["points_moved_to"].get<std::string>() + " on this GPU";
      if (verdict == "fail" && !c["hint"].get<std::string>().empty()) output += "\nhint: " + c["hint"].get<std::string>();
      json test{{"name", "Lab " + lab["lab"].get<std::string>() + ": " + c["id"].get<std::string>()},
                {"score", c["points"]},
                {"max_score", c["max_points"]},
                {"output", output}};
      if (verdict == "pass") test["status"] = "passed";
      if (verdict == "fail" || verdict == "inconclusive") test["status"] = "failed";
      if (verdict == "skip") test["tags"] = json::array({"skipped"});
      out["tests"].push_back(test);
      score += c["points"].get<double>();
    }
  }
  out["score"] = score;
  out["output"] = overview.str();
  return out;
}

}  // namespace memlab
