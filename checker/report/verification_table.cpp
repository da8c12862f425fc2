#include "verification_table.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <stdexcept>

#include "expectations.h"
#include "memlab/result_files.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace memlab {

namespace {

// Within a lab, the starter's report before the solution's, whatever the folders are named
// (verify-labs.sh keeps starter/ and solution/; a build has all/ and all-solution/). A report
// that cannot be read sorts last and fails in verification_table, which names it.
int variant_rank(const fs::path& report) {
  try {
    const std::string variant = json::parse(read_text_file(report)).value("variant", "");
    return variant == "starter" ? 0 : variant == "solution" ? 1 : 2;
  } catch (const std::exception&) {
    return 2;
  }
}

}  // namespace

std::vector<fs::path> verification_reports(const fs::path& argument) {
  if (!fs::exists(argument)) throw std::runtime_error("no such report: " + argument.string());
  if (!fs::is_directory(argument)) return {argument};
  // lab number -> (variant rank, folder name) -> report; std::map keeps both in order.
  std::map<std::string, std::map<std::pair<int, std::string>, fs::path>> by_lab;
  static const std::regex report_name("lab([0-9][0-9])\\.json");
  for (const auto& run : fs::directory_iterator(argument)) {
    if (!run.is_directory() || run.path().filename() == "wrong" || run.path().filename() == "other-styles") continue;
    for (const auto& file : fs::directory_iterator(run.path())) {
      std::smatch m;
      const std::string name = file.path().filename().string();
      if (file.is_regular_file() && std::regex_match(name, m, report_name))
        by_lab[m[1]][{variant_rank(file.path()), run.path().filename().string()}] = file.path();
    }
  }
  std::vector<fs::path> reports;
  for (const auto& [lab, variants] : by_lab)
    for (const auto& [order, path] : variants) reports.push_back(path);
  if (reports.empty())
    throw std::runtime_error("no report in " + argument.string() + " (want " + argument.string() +
                             "/starter/labNN.json, " + argument.string() + "/solution/labNN.json, ...)");
  return reports;
}

int verification_table(const std::vector<fs::path>& reports, std::ostream& out) {
  out << "| lab | variant | check | verdict | measured | required | as expected |\n"
      << "| --- | --- | --- | --- | --- | --- | --- |\n";
  int unexpected = 0;
  for (const auto& path : reports) {
    // A file that is not a report (a JSON error, a missing field) cannot be tabled: say which.
    // Fields are read with at(): operator[] on a const json with a missing key is undefined.
    try {
      const json lab = json::parse(read_text_file(path));
      const std::string variant = lab.value("variant", "?");
      for (const auto& c : lab.at("checks")) {
        // A check's kind; reports from before checks had one give only the suite that ran it.
        const std::string kind = c.contains("kind") ? c.at("kind") : c.at("suite");
        const std::string verdict = c.at("verdict");
        const bool starter_should_fail = kind == "performance" || kind == "mechanism";
        const std::string want = variant == "starter" && starter_should_fail ? "fail" : "pass";
        // An optional part the starter leaves switched off (0 points) is skipped, not failed.
        // So is a timed check this GPU cannot grade by time: its points moved to a counter check.
        const bool optional_skip = verdict == "skip" && c.at("max_points").get<double>() == 0;
        const std::string graded_by = counter_that_graded(c);
        const bool ok = verdict == want || optional_skip;
        unexpected += ok ? 0 : 1;
        std::string measured = c.at("measured_text");
        if (measured.empty() && !c.at("measured").is_null()) measured = c.at("measured").dump();
        out << "| " << lab.at("lab").get<std::string>() << " | " << variant << " | " << c.at("id").get<std::string>()
            << " | " << verdict << " | " << measured << " | " << c.at("required_text").get<std::string>() << " | "
            << (optional_skip ? (!graded_by.empty() ? "yes (graded by " + graded_by + ")"
                                                    : std::string("yes (optional part, not attempted)"))
                : ok          ? "yes"
                              : "NO (want " + want + ")")
            << " |\n";
      }
    } catch (const json::exception& e) {
      throw std::runtime_error(path.string() + ": not a report: " + e.what());
    }
  }
  out << "\n" << unexpected << " unexpected verdict(s)\n";
  return unexpected == 0 ? 0 : 1;
}

}  // namespace memlab
