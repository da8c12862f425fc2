#include "table_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <stdexcept>

#include "known_wrong_table.h"
#include "repeatability_table.h"
#include "verification_table.h"

namespace fs = std::filesystem;

namespace memlab {

namespace {

const std::string table_options = "--verification-table, --repeatability-table or --known-wrong-table";

// An empty root: as given, relative to the current folder (the command line's own paths).
fs::path under(const fs::path& root, const std::string& path) {
  const fs::path p(path);
  return root.empty() || p.is_absolute() ? p : root / p;
}

bool is_table_option(const std::string& word) {
  const std::string name = word.substr(0, word.find('='));  // CLI11 also takes --option=value
  return name == "--verification-table" || name == "--repeatability-table" || name == "--known-wrong-table";
}

}  // namespace

void add_table_options(CLI::App& app, TableRequest& request) {
  // No CLI::ExistingFile here: paths are checked against --root (check-page), not the current folder.
  app.add_option("--verification-table", request.verification,
                 "instead: print a Markdown table of these labNN.json reports (or of every DIR/<preset>/labNN.json "
                 "of a folder kept by verify-labs.sh --keep-reports), marking verdicts a starter or solution "
                 "should not have");
  app.add_option("--repeatability-table", request.repeatability,
                 "instead: spread of each check's measured value and verdict agreement over these reports");
  app.add_option(
      "--known-wrong-table", request.known_wrong,
      "instead: print a Markdown table of the known-wrong submissions in this folder (DIR/<case>/labNN.json, "
      "as verify-labs.sh --keep-reports keeps DIR/wrong) against their expected.json; for DIR/other-styles, the "
      "honest solutions in other styles");
}

int run_table(const TableRequest& request, const fs::path& root, std::ostream& out) {
  const int requested = !request.verification.empty() + !request.repeatability.empty() + !request.known_wrong.empty();
  if (requested != 1) throw std::runtime_error("name one table: " + table_options);
  if (!request.verification.empty()) {
    std::vector<fs::path> reports;
    for (const auto& argument : request.verification)
      for (auto& report : verification_reports(under(root, argument))) reports.push_back(report);
    return verification_table(reports, out);
  }
  if (!request.repeatability.empty()) {
    std::vector<fs::path> reports;
    for (const auto& argument : request.repeatability) reports.push_back(under(root, argument));
    return repeatability_table(reports, out);
  }
  return known_wrong_table(under(root, request.known_wrong), root, out);
}

int run_table_command(const std::vector<std::string>& words, const fs::path& root, std::ostream& out) {
  CLI::App app{"memlab-report's tables"};
  TableRequest request;
  add_table_options(app, request);
  // CLI11 takes the arguments last first.
  std::vector<std::string> reversed(words.rbegin(), words.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    // CLI11 lists the words it did not expect last first: name the first unknown option instead.
    std::string unknown;
    for (const auto& word : words)
      if (unknown.empty() && word.rfind("-", 0) == 0 && !is_table_option(word)) unknown = word;
    throw std::runtime_error(
        (unknown.empty() ? std::string(e.what()) : unknown + " is not a table memlab-report prints") +
        "; a block may run " + table_options);
  }
  if (!request.any()) throw std::runtime_error("no table named; a block may run " + table_options);
  return run_table(request, root, out);
}

}  // namespace memlab
