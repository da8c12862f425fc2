// A CSV file that a checker recorded (lab 03's sweeps): a header of column names, then rows of
// RFC 4180 cells (commas split them, double quotes quote them, "" is a quote). Errors name the
// file's line, so a broken recording is found where it is broken.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site::figures {

class CsvTable {
 public:
  // Throws std::runtime_error for an empty text or a row whose cell count differs from the
  // header's. Blank lines are skipped.
  explicit CsvTable(std::string_view csv);

  const std::vector<std::string>& header() const { return header_; }
  std::optional<size_t> column(std::string_view name) const;
  size_t rows() const { return rows_.size(); }
  int line_of(size_t row) const { return lines_[row]; }
  const std::string& cell(size_t row, size_t column) const { return rows_[row][column]; }

  // The cell as a finite number; std::runtime_error naming the line and column otherwise.
  double number(size_t row, size_t column) const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<int> lines_;  // 1-based line of each row
};

// The columns `names` of `table`, in that order; std::runtime_error naming the missing ones
// and `what` the table should be ("lab 03's sweep CSV") otherwise.
std::vector<size_t> required_columns(const CsvTable& table, const std::vector<std::string>& names,
                                     const std::string& what);

}  // namespace memlab::site::figures
