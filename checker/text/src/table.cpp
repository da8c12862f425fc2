#include "memlab/table.h"

#include <algorithm>
#include <sstream>

namespace memlab {

std::string Table::text() const {
  std::vector<std::size_t> width(header.size(), 0);
  auto widen = [&](const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < row.size() && c < width.size(); ++c) width[c] = std::max(width[c], row[c].size());
  };
  widen(header);
  for (const auto& row : rows) widen(row);
  std::ostringstream out;
  auto line = [&](const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < width.size(); ++c) {
      const std::string cell = c < row.size() ? row[c] : "";
      out << (c ? "  " : "") << std::string(width[c] - cell.size(), ' ') << cell;
    }
    out << "\n";
  };
  line(header);
  std::size_t total = 0;
  for (std::size_t w : width) total += w;
  out << std::string(total + 2 * (width.empty() ? 0 : width.size() - 1), '-') << "\n";
  for (const auto& row : rows) line(row);
  return out.str();
}

namespace {
std::string csv_cell(const std::string& cell) {
  if (cell.find_first_of(",\"\n") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (char ch : cell) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}
}  // namespace

std::string Table::csv() const {
  std::ostringstream out;
  auto line = [&](const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << csv_cell(row[c]);
    out << "\n";
  };
  line(csv_header.empty() ? header : csv_header);
  for (const auto& row : rows) line(row);
  return out.str();
}

}  // namespace memlab
