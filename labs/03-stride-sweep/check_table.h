#pragma once
// A table of already formatted cells, written two ways: aligned text for the console and CSV.
#include <string>
#include <vector>

struct Table {
  std::vector<std::string> header;      // for people: the console table
  std::vector<std::string> csv_header;  // for programs: short names without spaces (header when empty)
  std::vector<std::vector<std::string>> rows;

  std::string text() const;  // right-aligned columns, a rule under the header
  std::string csv() const;   // RFC 4180: cells with a comma, quote or newline are quoted
};

#include <memlab/text_format.h>

using memlab::fixed;

// Writes `text` to the build's results folder under `name` and says so on the console (or
// warns when it cannot: an artifact that is missing never changes a verdict).
void write_result_file(const std::string& name, const std::string& text);
