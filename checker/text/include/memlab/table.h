#pragma once
// A table of already formatted cells, written two ways: aligned text for the console and a
// result file, and CSV for programs (plots, spreadsheets).
#include <string>
#include <vector>

namespace memlab {

struct Table {
  std::vector<std::string> header;      // for people: the console table
  std::vector<std::string> csv_header;  // for programs: short names without spaces (header when empty)
  std::vector<std::vector<std::string>> rows;

  std::string text() const;  // right-aligned columns, a rule under the header
  std::string csv() const;   // RFC 4180: cells with a comma, quote or newline are quoted
};

}  // namespace memlab
