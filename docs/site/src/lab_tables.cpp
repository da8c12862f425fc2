#include "lab_tables.hpp"

#include "languages.hpp"
#include "marked_table.hpp"
#include "markdown.hpp"
#include "text.hpp"

#include <cmark-gfm.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <regex>

namespace memlab::site {

namespace {

constexpr std::string_view kBeginPrefix = "<!-- labs: begin";
constexpr std::string_view kEndPrefix = "<!-- labs: end";
constexpr const char* kBeginLine =
    "<!-- labs: begin (from each labs/NN-name/lab.json: number, title, summary; memlab-site lab-tables --write) -->";
constexpr const char* kBeginLineWithHand =
    "<!-- labs: begin (from each labs/NN-name/lab.json: number, title, summary; the later columns are written by "
    "hand; memlab-site lab-tables --write) -->";
// The Chinese page's region says where its cells come from: the "zh" texts of lab.json.
constexpr const char* kBeginLineZh =
    "<!-- labs: begin (from each labs/NN-name/lab.json: number, zh.title, zh.summary; memlab-site lab-tables "
    "--write) -->";
constexpr const char* kBeginLineWithHandZh =
    "<!-- labs: begin (from each labs/NN-name/lab.json: number, zh.title, zh.summary; the later columns are written "
    "by hand; memlab-site lab-tables --write) -->";
constexpr const char* kEndLine = "<!-- labs: end -->";
const std::vector<std::string> kGeneratedColumns = {"#", "lab", "you learn to"};
// The same columns in the Chinese page's words.
const std::vector<std::string> kGeneratedColumnsZh = {"#", "实验", "你将学会"};
constexpr const char* kRewriteCommand = "memlab-site lab-tables --root . --write";

const std::vector<std::string>& generated_columns(Language language) {
  return language == Language::zh ? kGeneratedColumnsZh : kGeneratedColumns;
}

std::string row_text(const std::vector<std::string>& cells) {
  std::string text = "|";
  for (const auto& cell : cells) text += " " + cell + " |";
  return text;
}

// "../" for each folder between `page` and the repository root.
std::string root_prefix(const std::string& page) {
  std::string prefix;
  for (const char c : page) {
    if (c == '/') prefix += "../";
  }
  return prefix;
}

// On a Chinese page: the Chinese title and summary, and the Chinese handout where there is one.
// A missing Chinese text falls back to the English one (check_lab_table reports it), so the
// table never loses a row.
std::vector<std::string> generated_cells(const LabEntry& lab, const std::string& page) {
  const bool zh = page_language(page) == Language::zh;
  const std::string& title = zh && !lab.zh_title.empty() ? lab.zh_title : lab.title;
  const std::string& summary = zh && !lab.zh_summary.empty() ? lab.zh_summary : lab.summary;
  const std::string handout = zh && lab.zh_handout ? translation_path(lab.handout_path()) : lab.handout_path();
  return {lab.number, "[" + escape_table_pipes(title) + "](" + root_prefix(page) + handout + ")",
          escape_table_pipes(summary)};
}

struct TableRow {
  std::vector<std::string> cells;
  int line = 0;
};

struct ParsedRegion {
  std::vector<std::string> header;  // cells of the first table row; empty when there is none
  std::vector<TableRow> rows;       // rows whose first cell is a two-digit number
};

ParsedRegion parse_region(const std::vector<std::string>& lines, int first_line) {
  static const std::regex number_cell(R"re(^[0-9][0-9]$)re");
  ParsedRegion parsed;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!starts_with(trim(lines[i]), "|")) continue;
    auto cells = row_cells(lines[i]);
    if (parsed.header.empty()) {
      parsed.header = cells;
      continue;
    }
    if (cells.empty() || !std::regex_match(cells[0], number_cell)) continue;
    parsed.rows.push_back({std::move(cells), first_line + static_cast<int>(i)});
  }
  return parsed;
}

std::string in_quotes(const std::string& text) { return "\"" + text + "\""; }

// One finding per way the rows differ from the labs, so that the message names the lab.
void compare_rows(const ParsedRegion& parsed, const std::vector<LabEntry>& labs, const std::string& page,
                  int begin_line, Problems& problems) {
  const std::vector<std::string>& columns = generated_columns(page_language(page));
  std::map<std::string, const TableRow*> by_number;
  for (const auto& row : parsed.rows) by_number.emplace(row.cells[0], &row);
  std::vector<std::string> lab_order;
  for (const auto& lab : labs) {
    lab_order.push_back(lab.number);
    const auto it = by_number.find(lab.number);
    if (it == by_number.end()) {
      problems.push_back(
          {page, begin_line, "lab " + lab.number + " (" + lab.manifest_path() + ") has no row in the labs table"});
      continue;
    }
    const TableRow& row = *it->second;
    const auto want = generated_cells(lab, page);
    for (size_t column = 1; column < want.size(); ++column) {
      const std::string got = column < row.cells.size() ? row.cells[column] : "";
      if (got != want[column]) {
        problems.push_back({page, row.line,
                            "the row of lab " + lab.number + " says " + in_quotes(got) + " in the column " +
                                in_quotes(columns[column]) + "; " + lab.manifest_path() + " gives " +
                                in_quotes(want[column])});
      }
    }
  }
  std::vector<std::string> table_order;
  for (const auto& row : parsed.rows) {
    const bool known =
        std::any_of(labs.begin(), labs.end(), [&](const LabEntry& l) { return l.number == row.cells[0]; });
    if (!known) {
      problems.push_back(
          {page, row.line,
           "the row of lab " + row.cells[0] + " names no lab: there is no labs/" + row.cells[0] + "-*/lab.json"});
    } else {
      table_order.push_back(row.cells[0]);
    }
  }
  std::vector<std::string> listed;
  for (const auto& number : lab_order) {
    if (by_number.count(number)) listed.push_back(number);
  }
  if (table_order != listed) problems.push_back({page, begin_line, "the rows are not in the order of the lab numbers"});
  const bool header_ok =
      parsed.header.size() >= columns.size() && std::equal(columns.begin(), columns.end(), parsed.header.begin());
  if (!header_ok) {
    problems.push_back(
        {page, begin_line,
         "the header row does not start with " + row_text(columns) + " (its first three columns come from lab.json)"});
  }
}

std::string field(const nlohmann::json& manifest, const char* name, const std::string& path, Problems& problems) {
  const auto it = manifest.find(name);
  if (it == manifest.end() || !it->is_string() || trim(it->get<std::string>()).empty()) {
    problems.push_back({path, 0, std::string("has no \"") + name + "\" (a non-empty string; the lab tables quote it)"});
    return "";
  }
  const std::string value = it->get<std::string>();
  if (value.find('\n') != std::string::npos) {
    problems.push_back({path, 0, std::string("\"") + name + "\" spans several lines; a table cell holds one"});
    return "";
  }
  return value;
}

// A field of lab.json's "zh" object: "" where there is none. A wrong one is a problem, but the
// lab stays in the tables: only the Chinese page needs it.
std::string zh_field(const nlohmann::json& zh, const char* name, const std::string& path, Problems& problems) {
  const auto it = zh.find(name);
  if (it == zh.end()) return "";
  if (!it->is_string() || trim(it->get<std::string>()).empty()) {
    problems.push_back({path, 0, std::string("\"zh\": {\"") + name + "\"} is not a non-empty string"});
    return "";
  }
  const std::string value = it->get<std::string>();
  if (value.find('\n') != std::string::npos) {
    problems.push_back(
        {path, 0, std::string("\"zh\": {\"") + name + "\"} spans several lines; a table cell holds one"});
    return "";
  }
  return value;
}

}  // namespace

const std::vector<std::string>& lab_table_pages() {
  static const std::vector<std::string> pages = {"README.md", "docs/index.md"};
  return pages;
}

std::vector<LabEntry> read_lab_entries(const fs::path& root, Problems& problems) {
  static const std::regex lab_folder(R"re(^([0-9][0-9])-(.+)$)re");
  std::vector<std::string> folders;
  std::error_code ec;
  if (fs::is_directory(root / "labs", ec)) {
    for (const auto& entry : fs::directory_iterator(root / "labs")) {
      const std::string name = entry.path().filename().string();
      if (entry.is_directory() && std::regex_match(name, lab_folder)) folders.push_back(name);
    }
  }
  std::sort(folders.begin(), folders.end());

  std::vector<LabEntry> labs;
  for (const auto& folder : folders) {
    std::smatch parts;
    std::regex_match(folder, parts, lab_folder);
    LabEntry lab;
    lab.folder = "labs/" + folder;
    const std::string path = lab.manifest_path();
    if (!fs::is_regular_file(root / path, ec)) {
      problems.push_back({lab.folder, 0, "a lab folder without a lab.json (every labs/NN-name/ folder is a lab)"});
      continue;
    }
    nlohmann::json manifest;
    try {
      manifest = nlohmann::json::parse(read_file(root / path));
    } catch (const std::exception& e) {
      problems.push_back({path, 0, std::string("cannot be read: ") + e.what()});
      continue;
    }
    if (!manifest.is_object()) {
      problems.push_back({path, 0, "is not a JSON object"});
      continue;
    }
    const size_t before = problems.size();
    lab.number = field(manifest, "number", path, problems);
    lab.name = field(manifest, "name", path, problems);
    lab.title = field(manifest, "title", path, problems);
    lab.summary = field(manifest, "summary", path, problems);
    if (!lab.number.empty() && lab.number != parts[1].str()) {
      problems.push_back(
          {path, 0, "gives the number \"" + lab.number + "\"; its folder's name says " + parts[1].str()});
    }
    if (!lab.name.empty() && lab.name != parts[2].str()) {
      problems.push_back({path, 0, "gives the name \"" + lab.name + "\"; its folder's name says " + parts[2].str()});
    }
    if (problems.size() != before) continue;
    const auto zh = manifest.find("zh");
    if (zh != manifest.end() && !zh->is_object()) {
      problems.push_back({path, 0, "\"zh\" is not an object (the Chinese title and summary)"});
    } else if (zh != manifest.end()) {
      lab.zh_title = zh_field(*zh, "title", path, problems);
      lab.zh_summary = zh_field(*zh, "summary", path, problems);
    }
    lab.zh_handout = fs::is_regular_file(root / translation_path(lab.handout_path()), ec);
    if (!fs::is_regular_file(root / lab.handout_path(), ec)) {
      problems.push_back(
          {path, 0,
           "lab " + lab.number + " has no handout: " + lab.handout_path() + " is missing (see docs/adding-a-lab.md)"});
    }
    if (!fs::is_regular_file(root / lab.deck_path(), ec)) {
      problems.push_back(
          {path, 0,
           "lab " + lab.number + " has no deck: " + lab.deck_path() + " is missing (see docs/adding-a-lab.md)"});
    }
    labs.push_back(std::move(lab));
  }
  return labs;
}

std::string lab_table_region(const std::vector<LabEntry>& labs, const std::string& page,
                             const std::vector<std::string>& hand_columns,
                             const std::map<std::string, std::vector<std::string>>& hand_cells) {
  const bool zh = page_language(page) == Language::zh;
  std::vector<std::string> header = generated_columns(page_language(page));
  header.insert(header.end(), hand_columns.begin(), hand_columns.end());
  const char* begin_line =
      hand_columns.empty() ? (zh ? kBeginLineZh : kBeginLine) : (zh ? kBeginLineWithHandZh : kBeginLineWithHand);
  std::string text = std::string(begin_line) + "\n" + row_text(header) + "\n" +
                     row_text(std::vector<std::string>(header.size(), "---")) + "\n";
  for (const auto& lab : labs) {
    auto cells = generated_cells(lab, page);
    const auto it = hand_cells.find(lab.number);
    for (size_t i = 0; i < hand_columns.size(); ++i) {
      cells.push_back(it != hand_cells.end() && i < it->second.size() ? it->second[i] : "");
    }
    text += row_text(cells) + "\n";
  }
  // The blank line ends the table, whatever Markdown renderer reads the page.
  return text + "\n" + kEndLine + "\n";
}

LabTable check_lab_table(const std::string& page, const std::string& markdown, const std::vector<LabEntry>& labs) {
  LabTable result;
  result.rewritten = markdown;
  const Markdown parsed_page(markdown);
  const auto lines = split_lines(markdown);
  const MarkedRegion region = find_marked_region(parsed_page.root(), kBeginPrefix, kEndPrefix);
  if (region.begin == 0) {
    result.other.push_back({page, 0,
                            "no labs table: put the two lines <!-- labs: begin --> and " + std::string(kEndLine) +
                                " where it goes, then run " + kRewriteCommand});
    return result;
  }
  if (region.count > 1) result.other.push_back({page, region.begin, "more than one labs table: keep one"});
  if (region.end == 0) {
    result.other.push_back({page, region.begin, "the labs table has no closing " + std::string(kEndLine) + " line"});
    return result;
  }

  const ParsedRegion parsed = parse_region(region_lines(lines, region), region.begin);
  std::vector<std::string> hand_columns;
  if (parsed.header.size() > kGeneratedColumns.size()) {
    hand_columns.assign(parsed.header.begin() + static_cast<std::ptrdiff_t>(kGeneratedColumns.size()),
                        parsed.header.end());
  }
  std::map<std::string, std::vector<std::string>> hand_cells;
  for (const auto& row : parsed.rows) {
    std::vector<std::string> cells;
    for (size_t i = 0; i < hand_columns.size(); ++i) {
      const size_t column = kGeneratedColumns.size() + i;
      cells.push_back(column < row.cells.size() ? row.cells[column] : "");
    }
    hand_cells.emplace(row.cells[0], std::move(cells));
  }
  const std::string expected = lab_table_region(labs, page, hand_columns, hand_cells);

  // A Chinese table quotes each lab's Chinese title and summary; a rewrite cannot invent them.
  if (page_language(page) == Language::zh) {
    for (const auto& lab : labs) {
      const std::pair<const char*, std::string> texts[] = {{"title", lab.zh_title}, {"summary", lab.zh_summary}};
      for (const auto& [field, text] : texts) {
        if (!text.empty()) continue;
        result.other.push_back({page, region.begin,
                                "lab " + lab.number + ": " + lab.manifest_path() + " has no \"zh\": {\"" + field +
                                    "\"}, so the Chinese table shows the English " + field + "; write it there"});
      }
    }
  }

  // A hand-written cell that is empty: a rewrite keeps it empty, so a person must write it.
  for (const auto& lab : labs) {
    const auto it = hand_cells.find(lab.number);
    for (size_t i = 0; i < hand_columns.size(); ++i) {
      if (it == hand_cells.end() || i >= it->second.size() || it->second[i].empty()) {
        result.other.push_back({page, region.begin,
                                "lab " + lab.number + " has an empty cell in the column " + in_quotes(hand_columns[i]) +
                                    ", which is written by hand: write it"});
      }
    }
  }

  if (region_is(lines, region, expected)) return result;
  compare_rows(parsed, labs, page, region.begin, result.table);
  result.rewritten =
      rewrite_region(lines, region, expected, page, "labs table", "lab-tables", kRewriteCommand, result.table);
  return result;
}

LabTablesReport check_lab_tables(const fs::path& root, bool write) {
  LabTablesReport report;
  const std::vector<LabEntry> labs = read_lab_entries(root, report.problems);
  report.labs = labs.size();
  std::error_code ec;
  // The Chinese home page, when there is one, holds the same table (translations.hpp).
  std::vector<std::string> pages = lab_table_pages();
  if (fs::is_regular_file(root / translation_path("docs/index.md"), ec))
    pages.push_back(translation_path("docs/index.md"));
  for (const auto& page : pages) {
    if (!fs::is_regular_file(root / page, ec)) {
      report.problems.push_back({page, 0, "is missing: it holds a labs table"});
      continue;
    }
    ++report.pages;
    const std::string markdown = read_file(root / page);
    const LabTable table = check_lab_table(page, markdown, labs);
    if (!write) {
      report.problems.insert(report.problems.end(), table.other.begin(), table.other.end());
      report.problems.insert(report.problems.end(), table.table.begin(), table.table.end());
      continue;
    }
    if (table.rewritten != markdown) {
      write_file(root / page, table.rewritten);
      ++report.rewritten;
    }
    // What is left after the rewrite (an empty hand-written cell) is judged on the new text.
    const LabTable after = check_lab_table(page, table.rewritten, labs);
    report.problems.insert(report.problems.end(), after.other.begin(), after.other.end());
    report.problems.insert(report.problems.end(), after.table.begin(), after.table.end());
  }
  return report;
}

}  // namespace memlab::site
