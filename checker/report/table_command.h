#pragma once
// memlab-report's table outputs, the only commands a page's generated block may run: parsed
// the same way from the command line and from a block's first line, so that a block's command
// prints exactly what it prints in a shell.
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace memlab {

struct TableRequest {
  std::vector<std::string> verification;   // --verification-table: reports, or run folders
  std::vector<std::string> repeatability;  // --repeatability-table: reports
  std::string known_wrong;                 // --known-wrong-table: a folder of <case>/labNN.json
  bool any() const { return !verification.empty() || !repeatability.empty() || !known_wrong.empty(); }
};

// Adds the table options to memlab-report's command line (or to a block's).
void add_table_options(CLI::App& app, TableRequest& request);

// Prints the one requested table to `out`, relative paths taken from `root` (empty: from the
// current folder, as a shell would). Returns the table's own status (0, or 1 for unexpected
// verdicts). Throws std::runtime_error when the request names no table or several, or an input
// is missing or unreadable.
int run_table(const TableRequest& request, const std::filesystem::path& root, std::ostream& out);

// A block's command after "memlab-report", split into words: parses them with the table
// options only and runs the table. Throws std::runtime_error when they are not one table
// command (another subcommand, an unknown option) or an input is missing.
int run_table_command(const std::vector<std::string>& words, const std::filesystem::path& root, std::ostream& out);

}  // namespace memlab
