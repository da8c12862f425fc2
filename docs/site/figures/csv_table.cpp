#include "csv_table.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace memlab::site::figures {

namespace {

std::vector<std::string> csv_cells(std::string_view line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else if (c != '\r') {
      cells.back() += c;
    }
  }
  return cells;
}

}  // namespace

CsvTable::CsvTable(std::string_view csv) {
  std::istringstream in{std::string(csv)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (number == 1) {
      header_ = csv_cells(line);
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto cells = csv_cells(line);
    if (cells.size() != header_.size()) {
      throw std::runtime_error("line " + std::to_string(number) + ": " + std::to_string(cells.size()) +
                               " cells, the header has " + std::to_string(header_.size()));
    }
    rows_.push_back(std::move(cells));
    lines_.push_back(number);
  }
  if (number == 0) throw std::runtime_error("the CSV is empty (a header line was expected)");
}

std::optional<size_t> CsvTable::column(std::string_view name) const {
  const auto it = std::find(header_.begin(), header_.end(), name);
  return it == header_.end() ? std::nullopt : std::optional<size_t>(static_cast<size_t>(it - header_.begin()));
}

double CsvTable::number(size_t row, size_t column) const {
  const std::string& text = rows_[row][column];
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(value)) {
    throw std::runtime_error("line " + std::to_string(lines_[row]) + ": " + header_[column] + " \"" + text +
                             "\" is not a number");
  }
  return value;
}

std::vector<size_t> required_columns(const CsvTable& table, const std::vector<std::string>& names,
                                     const std::string& what) {
  std::vector<size_t> found;
  std::string missing;
  for (const auto& name : names) {
    if (const auto at = table.column(name)) {
      found.push_back(*at);
    } else {
      missing += (missing.empty() ? "" : ", ") + name;
    }
  }
  if (!missing.empty()) {
    std::string all;
    for (const auto& name : names) all += (all.empty() ? "" : ", ") + name;
    throw std::runtime_error("line 1: the header must name the columns " + all + " (" + what + "); " + missing +
                             " missing");
  }
  return found;
}

}  // namespace memlab::site::figures
