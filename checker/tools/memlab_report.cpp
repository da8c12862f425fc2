// memlab-report: merges a lab's report parts (one per check suite) into
//   results/labNN.json      every check with measured and required values, verdict, hint
//   results/labNN.txt       the same as a console table
//   results/gradescope.json Gradescope's results.json, over every lab graded in this build
// It runs as the last ctest test of each lab, pass or fail.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <algorithm>
#include <map>

#include "memlab/manifest.h"
#include "memlab/result_files.h"
#include "memlab/report.h"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace memlab;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

json merge_lab(const Manifest& m, const fs::path& parts_dir, std::ostream& table) {
  json lab{{"lab", m.number}, {"name", m.name}, {"title", m.title}, {"checks", json::array()}};
  double score = 0, max_score = 0;
  int counts[4] = {0, 0, 0, 0};
  bool any = false;
  for (const char* suite : {"cpu", "correctness", "performance", "mechanism"}) {
    fs::path p = parts_dir / ("lab" + m.number + "." + suite + ".json");
    if (!fs::exists(p)) continue;
    ReportPart part = part_from_json(slurp(p));
    any = true;
    lab["variant"] = part.variant;
    lab["seed"] = part.seed;
    lab["student_hash"] = part.student_hash;
    if (std::string(suite) != "cpu") lab["environment"] = part.environment;
    table << suite << ":\n";
    for (const auto& c : part.checks) {
      table << console_line(c) << "\n";
      score += c.points;
      max_score += c.max_points;
      ++counts[static_cast<int>(c.verdict)];
      json row = json::parse(to_json(ReportPart{part.lab, part.suite, "", "", "", "", {c}}))["checks"][0];
      lab["checks"].push_back(row);
    }
  }
  if (!any) throw std::runtime_error("no results for lab " + m.number + " in " + parts_dir.string() + " (did its checks run?)");
  lab["score"] = score;
  lab["max_score"] = max_score;
  lab["summary"] = {{"pass", counts[0]}, {"fail", counts[1]}, {"inconclusive", counts[2]}, {"skip", counts[3]}};
  table << "lab " << m.number << ": " << counts[0] << " passed, " << counts[1] << " failed, " << counts[2]
        << " inconclusive, " << counts[3] << " skipped; score " << score << " / " << max_score << "\n";
  return lab;
}

// Gradescope's autograder format: one test per check; skipped GPU checks score zero and say why.
json gradescope(const fs::path& results_dir) {
  json out{{"tests", json::array()}};
  double score = 0;
  std::ostringstream overview;
  for (const auto& entry : fs::directory_iterator(results_dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("lab", 0) != 0 || entry.path().extension() != ".json") continue;
    json lab = json::parse(slurp(entry.path()));
    overview << "Lab " << lab["lab"].get<std::string>() << " (" << lab.value("variant", "") << "): "
             << lab["score"].get<double>() << " / " << lab["max_score"].get<double>() << "\n";
    if (lab.contains("environment")) overview << lab["environment"].get<std::string>() << "\n";
    for (const auto& c : lab["checks"]) {
      std::string verdict = c["verdict"];
      std::string output = c["description"].get<std::string>();
      if (!c["measured_text"].get<std::string>().empty()) output += "\nmeasured: " + c["measured_text"].get<std::string>();
      if (!c["required_text"].get<std::string>().empty()) output += "\nrequired: " + c["required_text"].get<std::string>();
      if (!c["detail"].get<std::string>().empty()) output += "\n" + verdict + ": " + c["detail"].get<std::string>();
      if (verdict == "fail" && !c["hint"].get<std::string>().empty()) output += "\nhint: " + c["hint"].get<std::string>();
      out["tests"].push_back({{"name", "Lab " + lab["lab"].get<std::string>() + ": " + c["id"].get<std::string>()},
                              {"score", c["points"]},
                              {"max_score", c["max_points"]},
                              {"status", verdict == "pass" ? "passed" : "failed"},
                              {"output", output}});
      score += c["points"].get<double>();
    }
  }
  out["score"] = score;
  out["output"] = overview.str();
  return out;
}

// An instructor's verification table over several reports (labNN.json of starter and
// solution builds): a starter must pass its correctness checks and fail every performance
// and mechanism check (whichever suite runs them); a solution must pass everything.
int verification_table(const std::vector<std::string>& reports) {
  std::cout << "| lab | variant | check | verdict | measured | required | as expected |\n"
            << "| --- | --- | --- | --- | --- | --- | --- |\n";
  int unexpected = 0;
  for (const auto& path : reports) {
    json lab = json::parse(slurp(path));
    const std::string variant = lab.value("variant", "?");
    for (const auto& c : lab["checks"]) {
      const std::string kind = c.value("kind", c["suite"].get<std::string>()), verdict = c["verdict"];
      const bool starter_should_fail = kind == "performance" || kind == "mechanism";
      const std::string want = variant == "starter" && starter_should_fail ? "fail" : "pass";
      // An optional part the starter leaves switched off (0 points) is skipped, not failed.
      const bool optional_skip = verdict == "skip" && c["max_points"].get<double>() == 0;
      const bool ok = verdict == want || optional_skip;
      unexpected += ok ? 0 : 1;
      std::string measured = c["measured_text"];
      if (measured.empty() && !c["measured"].is_null()) measured = c["measured"].dump();
      std::cout << "| " << lab["lab"].get<std::string>() << " | " << variant << " | " << c["id"].get<std::string>()
                << " | " << verdict << " | " << measured << " | " << c["required_text"].get<std::string>() << " | "
                << (optional_skip ? "yes (optional part, not attempted)" : ok ? "yes" : "NO (want " + want + ")") << " |\n";
    }
  }
  std::cout << "\n" << unexpected << " unexpected verdict(s)\n";
  return unexpected == 0 ? 0 : 1;
}

// Repeatability over many gradings of the same files: for every check, the spread of its
// measured value ((max - min) / median) and whether all runs gave the same verdict.
int repeatability_table(const std::vector<std::string>& reports) {
  std::map<std::string, std::vector<double>> values;
  std::map<std::string, std::map<std::string, int>> verdicts;
  std::vector<std::string> order;
  for (const auto& path : reports) {
    json lab = json::parse(slurp(path));
    for (const auto& c : lab["checks"]) {
      const std::string key = lab["lab"].get<std::string>() + " " + lab.value("variant", "?") + " " + c["id"].get<std::string>();
      if (!verdicts.count(key)) order.push_back(key);
      ++verdicts[key][c["verdict"].get<std::string>()];
      if (!c["measured"].is_null()) values[key].push_back(c["measured"].get<double>());
    }
  }
  std::cout << "| lab variant check | runs | verdicts | min | median | max | spread (max-min)/median |\n"
            << "| --- | --- | --- | --- | --- | --- | --- |\n";
  bool agree = true;
  for (const auto& key : order) {
    std::ostringstream v;
    int runs = 0;
    for (const auto& [verdict, n] : verdicts[key]) {
      v << (runs ? ", " : "") << verdict << " " << n;
      runs += n;
    }
    agree = agree && verdicts[key].size() == 1;
    std::vector<double> x = values[key];
    std::sort(x.begin(), x.end());
    std::cout << "| " << key << " | " << runs << " | " << v.str() << " | ";
    if (x.empty()) {
      std::cout << "| | | |\n";
      continue;
    }
    const double median = x[x.size() / 2];
    std::cout << x.front() << " | " << median << " | " << x.back() << " | "
              << (median != 0 ? 100 * (x.back() - x.front()) / median : 0) << " % |\n";
  }
  std::cout << "\nverdicts " << (agree ? "agree in every run" : "DISAGREE between runs") << "\n";
  return agree ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Merge a lab's check results into its report and Gradescope's results.json"};
  std::string lab, lab_dir, results_dir;
  std::vector<std::string> verify;
  app.add_option("--lab", lab, "labNN");
  app.add_option("--lab-dir", lab_dir, "the lab's folder (holds lab.json)")->check(CLI::ExistingDirectory);
  app.add_option("--results-dir", results_dir, "the build's results folder");
  app.add_option("--verification-table", verify,
                 "instead: print a Markdown table of these labNN.json reports, marking verdicts a starter or "
                 "solution should not have")
      ->check(CLI::ExistingFile);
  std::vector<std::string> repeat;
  app.add_option("--repeatability-table", repeat,
                 "instead: spread of each check's measured value and verdict agreement over these reports")
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);
  if (!verify.empty()) return verification_table(verify);
  if (!repeat.empty()) return repeatability_table(repeat);
  if (lab.empty() || lab_dir.empty() || results_dir.empty()) {
    std::cerr << "memlab-report: --lab, --lab-dir and --results-dir are required\n" << app.help();
    return 2;
  }
  try {
    Manifest m = load_manifest(lab_dir);
    std::ostringstream table;
    json merged = merge_lab(m, fs::path(results_dir) / "parts", table);
    const fs::path dir(results_dir);
    // gradescope.json covers every lab in the folder: with `ctest -j` other labs' report steps
    // write their reports now too, so read and write under the folder's lock.
    memlab::ResultsFolderLock lock(dir);
    const auto write = [](const fs::path& path, const std::string& text) {
      if (!memlab::write_file_atomically(path, text)) throw std::runtime_error("cannot write " + path.string());
    };
    write(dir / ("lab" + m.number + ".json"), merged.dump(2) + "\n");
    write(dir / ("lab" + m.number + ".txt"), table.str());
    write(dir / "gradescope.json", gradescope(dir).dump(2) + "\n");
    std::cout << table.str() << "report: " << (dir / ("lab" + m.number + ".json")).string() << ", "
              << (dir / "gradescope.json").string() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "memlab-report: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
