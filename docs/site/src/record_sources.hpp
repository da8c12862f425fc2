// The part of a committed record that a measured marker names, as the numbers it holds:
//   .json  a report's check ("docs/results/h200/lab04.json#speedup_vs_starter") or a path of
//          keys ("#gpu/sm_count"); the numbers are every number value and every number
//          written in a string value of that part
//   .csv   the rows whose cells equal `column=value` pairs ("#kernel=mixed,stride=32")
//   other  the lines that contain the key (a substring)
// No key: the whole file.
#pragma once

#include "numbers.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

struct RecordSelection {
  std::vector<RecordedNumber> numbers;
  std::string error;  // why the key selects nothing (names `record` and what is there); "" when it does
};

// `record` is the file's repository path, named in errors.
RecordSelection select_in_json(std::string_view json_text, const std::string& key, const std::string& record);
RecordSelection select_in_csv(std::string_view csv_text, const std::string& key, const std::string& record);
RecordSelection select_in_lines(std::string_view text, const std::string& key, const std::string& record);

// Reads `file` and selects by its extension; throws std::runtime_error when it cannot be read.
RecordSelection select_in_record(const fs::path& file, const std::string& key, const std::string& record);

// One CSV line's cells: commas separate, double quotes enclose a cell, "" is a quote in one.
std::vector<std::string> csv_cells(std::string_view line);

}  // namespace memlab::site
