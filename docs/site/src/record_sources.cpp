#include "record_sources.hpp"

#include "text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace memlab::site {

namespace {

using nlohmann::json;

// "a, b, c", at most `limit` names and "..." after them: enough to see the typo.
std::string listed(const std::vector<std::string>& names, size_t limit = 12) {
  std::string text;
  for (size_t i = 0; i < names.size() && i < limit; ++i) text += (i ? ", " : "") + names[i];
  if (names.size() > limit) text += ", ...";
  return names.empty() ? "none" : text;
}

void add_numbers(const json& value, std::vector<RecordedNumber>& numbers) {
  if (value.is_number()) {
    numbers.push_back(recorded_number(value.get<double>()));
  } else if (value.is_string()) {
    for (auto& number : recorded_numbers_in(value.get<std::string>())) numbers.push_back(std::move(number));
  } else if (value.is_structured()) {
    for (const auto& item : value) add_numbers(item, numbers);
  }
}

// The item of a report's "checks" array whose "id" is `id` (results/labNN.json).
const json* report_check(const json& doc, const std::string& id) {
  if (!doc.is_object() || !doc.contains("checks") || !doc["checks"].is_array()) return nullptr;
  for (const auto& check : doc["checks"]) {
    if (check.is_object() && check.value("id", json()) == id) return &check;
  }
  return nullptr;
}

std::vector<std::string> report_check_ids(const json& doc) {
  std::vector<std::string> ids;
  if (!doc.is_object() || !doc.contains("checks") || !doc["checks"].is_array()) return ids;
  for (const auto& check : doc["checks"]) {
    if (check.is_object() && check.contains("id") && check["id"].is_string()) ids.push_back(check["id"]);
  }
  return ids;
}

// Follows "a/b/0/c" through objects (by key) and arrays (by index); sets `error` where it stops.
const json* key_path(const json& doc, const std::string& path, std::string& error) {
  const json* at = &doc;
  std::string walked;
  size_t start = path[0] == '/' ? 1 : 0;
  while (start <= path.size()) {
    const size_t slash = std::min(path.find('/', start), path.size());
    const std::string part = path.substr(start, slash - start);
    const std::string where = walked.empty() ? "at the top" : "in \"" + walked + "\"";
    if (at->is_object()) {
      if (!at->contains(part)) {
        std::vector<std::string> keys;
        for (const auto& item : at->items()) keys.push_back(item.key());
        error = "no key \"" + part + "\" " + where + " (keys there: " + listed(keys) + ")";
        return nullptr;
      }
      at = &(*at)[part];
    } else if (at->is_array() && !part.empty() && part.size() <= 9 &&
               part.find_first_not_of("0123456789") == std::string::npos && std::stoul(part) < at->size()) {
      at = &(*at)[std::stoul(part)];
    } else {
      error = "\"" + part + "\" " + where + " names nothing (" +
              (at->is_array() ? "an array of " + std::to_string(at->size()) + " items" : "a single value") + ")";
      return nullptr;
    }
    walked += (walked.empty() ? "" : "/") + part;
    start = slash + 1;
  }
  return at;
}

}  // namespace

RecordSelection select_in_json(std::string_view json_text, const std::string& key, const std::string& record) {
  RecordSelection selection;
  json doc;
  try {
    doc = json::parse(json_text.begin(), json_text.end());
  } catch (const json::parse_error& e) {
    selection.error = record + " is not valid JSON: " + e.what();
    return selection;
  }
  const json* part = key.empty() ? &doc : report_check(doc, key);
  if (!part) {
    std::string path_error;
    part = key_path(doc, key, path_error);
    const auto ids = report_check_ids(doc);
    if (!part && !ids.empty() && key.find('/') == std::string::npos) {
      selection.error = "no check \"" + key + "\" in " + record + " (its checks: " + listed(ids) + ")";
      return selection;
    }
    if (!part) {
      selection.error = record + "#" + key + ": " + path_error;
      return selection;
    }
  }
  add_numbers(*part, selection.numbers);
  return selection;
}

std::vector<std::string> csv_cells(std::string_view line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        cells.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cells.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      cells.emplace_back();
    } else if (c != '\r') {
      cells.back() += c;
    }
  }
  for (auto& cell : cells) cell = trim(cell);
  return cells;
}

RecordSelection select_in_csv(std::string_view csv_text, const std::string& key, const std::string& record) {
  RecordSelection selection;
  std::vector<std::vector<std::string>> rows;
  for (const auto& line : split_lines(csv_text)) {
    if (!trim(line).empty()) rows.push_back(csv_cells(line));
  }
  if (rows.empty()) {
    selection.error = record + " is empty";
    return selection;
  }
  const std::vector<std::string>& header = rows.front();

  // "kernel=mixed,stride=32" -> (column index, value) pairs
  std::vector<std::pair<size_t, std::string>> wanted;
  if (!key.empty()) {
    for (const auto& pair : csv_cells(key)) {
      const size_t equals = pair.find('=');
      if (equals == std::string::npos) {
        selection.error = "\"" + pair + "\" in the key is not column=value";
        return selection;
      }
      const std::string column = trim(std::string_view(pair).substr(0, equals));
      size_t index = 0;
      while (index < header.size() && header[index] != column) ++index;
      if (index == header.size()) {
        selection.error = "no column \"" + column + "\" in " + record + " (its columns: " + listed(header, 50) + ")";
        return selection;
      }
      wanted.emplace_back(index, trim(std::string_view(pair).substr(equals + 1)));
    }
  }
  size_t selected = 0;
  for (size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    bool match = true;
    for (const auto& [index, value] : wanted) match = match && index < row.size() && row[index] == value;
    if (!match) continue;
    ++selected;
    for (const auto& cell : row) {
      for (auto& number : recorded_numbers_in(cell)) selection.numbers.push_back(std::move(number));
    }
  }
  if (selected == 0) selection.error = "no row of " + record + " has " + (key.empty() ? "any cells" : key);
  return selection;
}

RecordSelection select_in_lines(std::string_view text, const std::string& key, const std::string& record) {
  RecordSelection selection;
  size_t selected = 0;
  for (const auto& line : split_lines(text)) {
    if (line.find(key) == std::string::npos) continue;
    ++selected;
    for (auto& number : recorded_numbers_in(line)) selection.numbers.push_back(std::move(number));
  }
  if (selected == 0) {
    selection.error = key.empty() ? record + " is empty" : "no line of " + record + " contains \"" + key + "\"";
  }
  return selection;
}

RecordSelection select_in_record(const fs::path& file, const std::string& key, const std::string& record) {
  const std::string text = read_file(file);
  const std::string extension = to_lower_ascii(file.extension().string());
  if (extension == ".json") return select_in_json(text, key, record);
  if (extension == ".csv") return select_in_csv(text, key, record);
  return select_in_lines(text, key, record);
}

}  // namespace memlab::site
