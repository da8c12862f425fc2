#include "check_regions.hpp"

#include "marked_table.hpp"
#include "memlab/check_text.h"

#include <cctype>
#include <cstdio>

namespace memlab::site {

namespace {

// One generated region's comment lines and its table's columns, in both languages.
struct TableLayout {
  std::string_view name;
  std::string_view begin_prefix;
  std::string_view end_line;
  const char* header_en;
  const char* header_zh;
  const char* delimiter;
};

constexpr const char* kGeneratedBy =
    " (generated from lab.json by memlab-site check-tables --write; edit lab.json, not this table) -->";

const TableLayout& layout(CheckTable table) {
  static const TableLayout summary = {"checks table",
                                      "<!-- checks: begin",
                                      "<!-- checks: end -->",
                                      "| check | what it proves | suite | points |",
                                      "| 检查项 | 它证明什么 | 检查组 | 分值 |",
                                      "| --- | --- | --- | ---: |"};
  static const TableLayout details = {"table of what each check measures",
                                      "<!-- check-details: begin",
                                      "<!-- check-details: end -->",
                                      "| check | suite | measures | passes when |",
                                      "| 检查项 | 检查组 | 测量什么 | 通过条件 |",
                                      "| --- | --- | --- | --- |"};
  static const TableLayout deck = {
      "deck's table of graded checks", "<!-- graded-checks: begin", "<!-- graded-checks: end -->",
      "| check | required |",          "| 检查项 | 要求 |",         "| --- | --- |"};
  switch (table) {
    case CheckTable::summary: return summary;
    case CheckTable::details: return details;
    case CheckTable::deck: return deck;
  }
  return summary;
}

// "3" for whole points, "1.5" otherwise.
std::string points_text(double points) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", points);
  return buffer;
}

// The checker's default kind (checker/core/src/manifest.cpp): correctness for cpu, else the suite.
std::string default_kind(const std::string& suite) { return suite == "cpu" ? "correctness" : suite; }

std::string suite_cell(const ManifestCheck& check, Language language) {
  std::string cell = "`" + check.suite + "`";
  if (check.kind != default_kind(check.suite)) {
    cell += (language == Language::zh ? "（类别：" + check.kind + "）" : " (kind: " + check.kind + ")");
  }
  return cell;
}

std::string total_line(const std::string& points, Language language) {
  if (language == Language::zh) return "合计：" + points + " 分，来自本实验的 [`lab.json`](lab.json)。";
  return "Total: " + points + " points, from this lab's [`lab.json`](lab.json).";
}

const std::string& proves(const ManifestCheck& check, Language language) {
  return language == Language::zh ? check.zh.proves : check.proves;
}

// What the report prints for the check in this language: the Chinese description where lab.json
// has one, else the English (memlab/check_text.h).
const std::string& measures(const ManifestCheck& check, Language language) {
  return memlab::check_description(check, language == Language::zh ? memlab::Language::zh : memlab::Language::en);
}

bool has_threshold(const ManifestCheck& check) { return check.compare != memlab::Compare::is_true; }

std::string summary_table(const LabManifest& lab, Language language) {
  std::string text;
  double total = 0;
  for (const auto& check : lab.checks) {
    text += "| `" + check.id + "` | " + escape_table_pipes(proves(check, language)) + " | " +
            suite_cell(check, language) + " | " + points_text(check.points) + " |\n";
    total += check.points;
  }
  return text + "\n" + total_line(points_text(total), language) + "\n";
}

std::string details_table(const LabManifest& lab, Language language) {
  std::string text;
  for (const auto& check : lab.checks) {
    text += "| `" + check.id + "` | " + suite_cell(check, language) + " | " + cell_text(measures(check, language)) +
            " | " + passes_when(check, check.id, language) + " |\n";
  }
  return text;
}

std::string deck_table(const LabManifest& lab, Language language) {
  std::string text;
  for (const auto& check : lab.checks) {
    if (!has_threshold(check)) continue;
    text += "| " + escape_table_pipes(proves(check, language)) + " | " +
            passes_when(check, lab.number + "/" + check.id, language) + " |\n";
  }
  return text;
}

}  // namespace

std::string_view table_name(CheckTable table) { return layout(table).name; }
std::string_view begin_prefix(CheckTable table) { return layout(table).begin_prefix; }
std::string_view end_line(CheckTable table) { return layout(table).end_line; }

Problems missing_texts(const LabManifest& lab, CheckTable table, Language language) {
  Problems problems;
  for (const auto& check : lab.checks) {
    if (table == CheckTable::deck && !has_threshold(check)) continue;
    if (!check.proves.empty() && (language == Language::en || !check.zh.proves.empty())) continue;
    const std::string field = check.proves.empty() ? "\"proves\"" : "\"zh\": {\"proves\"}";
    // One message for every table that needs the text, so that check-tables names it once.
    problems.push_back({lab.manifest_path(), 0,
                        "check `" + check.id + "` has no " + field + ": write what passing it proves, in a few words" +
                            (check.proves.empty() ? "" : " of Chinese") +
                            " (the handout's and the deck's tables of checks show it)"});
  }
  return problems;
}

std::string check_table_region(const LabManifest& lab, CheckTable table, Language language) {
  const TableLayout& l = layout(table);
  std::string text = std::string(l.begin_prefix) + kGeneratedBy + "\n";
  std::string rows;
  switch (table) {
    case CheckTable::summary: rows = summary_table(lab, language); break;
    case CheckTable::details: rows = details_table(lab, language); break;
    case CheckTable::deck: rows = deck_table(lab, language); break;
  }
  if (table == CheckTable::deck && rows.empty()) {
    // A lab whose checks all pass or fail as a whole (the template's) has no threshold to show.
    text += language == Language::zh ? "本实验的检查项都没有阈值：每一项要么通过，要么不通过。\n"
                                     : "No check of this lab has a threshold: each one passes or fails as a whole.\n";
  } else {
    text += std::string(language == Language::zh ? l.header_zh : l.header_en) + "\n" + l.delimiter + "\n" + rows;
  }
  return text + std::string(l.end_line) + "\n";
}

std::string cell_text(std::string_view plain) {
  const auto word = [&](size_t i) {
    return i < plain.size() && std::isalnum(static_cast<unsigned char>(plain[i])) != 0;
  };
  std::string out;
  for (size_t i = 0; i < plain.size(); ++i) {
    const char c = plain[i];
    const size_t close = c == '`' ? plain.find('`', i + 1) : std::string_view::npos;
    if (close != std::string_view::npos) {
      // A code span shows its characters as they are, so only a '|' is escaped there: GFM splits
      // the row into cells before it reads the spans.
      out += escape_table_pipes(plain.substr(i, close + 1 - i));
      i = close;
      continue;
    }
    if (c == '\\' || c == '|' || c == '*' || c == '~' || c == '<' || c == '`') {
      out += '\\';
    } else if (c == '_' && !(i > 0 && word(i - 1) && word(i + 1))) {
      out += '\\';  // scale_matrix stays as it is: GFM reads no emphasis inside a word
    }
    out += c;
  }
  return out;
}

std::string passes_when(const ManifestCheck& check, const std::string& marker_id, Language language) {
  const bool zh = language == Language::zh;
  const std::optional<std::string> threshold = quoted_threshold(check, language);
  if (check.compare == memlab::Compare::is_true || !threshold) return zh ? "全部成立" : "all of it holds";
  const std::string marker = "<!--threshold:" + marker_id + "-->" + *threshold + "<!--/threshold-->";
  if (!check.required) return (zh ? "弥合" : "closes ") + marker;  // a gap rule's words
  return std::string(check.compare == memlab::Compare::at_most ? "<= " : ">= ") + marker;
}

}  // namespace memlab::site
