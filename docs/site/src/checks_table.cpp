#include "checks_table.hpp"

#include "languages.hpp"
#include "link_refs.hpp"
#include "marked_table.hpp"
#include "markdown.hpp"
#include "text.hpp"
#include "thresholds.hpp"
#include "urls.hpp"

#include <cmark-gfm.h>
#include <memlab/section_fingerprints.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <regex>
#include <sstream>
#include <vector>

namespace memlab::site {

namespace {

constexpr std::string_view kBeginPrefix = "<!-- checks: begin";
constexpr std::string_view kEndPrefix = "<!-- checks: end";
constexpr const char* kBeginLine =
    "<!-- checks: begin (from lab.json; edit only \"what it proves\"; memlab-site check-tables --write) -->";
constexpr const char* kEndLine = "<!-- checks: end -->";
constexpr const char* kHeaderRow = "| check | what it proves | suite | points |";
// A Chinese handout's table (README.zh.md) has the same rows in Chinese words.
constexpr const char* kHeaderRowZh = "| 检查项 | 它证明什么 | 检查组 | 分值 |";
constexpr const char* kDelimiterRow = "| --- | --- | --- | ---: |";
constexpr const char* kRewriteCommand = "memlab-site check-tables --root . --write";

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

std::string fingerprint_comment(const std::string& fingerprint) { return "<!-- description " + fingerprint + " -->"; }

std::string escape_pipes(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '|' && (i == 0 || text[i - 1] != '\\')) out += '\\';
    out += text[i];
  }
  return out;
}

struct TableRow {
  std::string id;
  std::string summary;      // as written, pipes escaped, fingerprint removed
  std::string fingerprint;  // "" when the row has none
  std::string suite;
  std::string points;
  int line = 0;
};

// The data rows of a region: rows whose first cell is a code span (the header row is not).
std::vector<TableRow> parse_rows(const std::vector<std::string>& lines, int first_line) {
  static const std::regex id_cell(R"re(^`([^`]+)`$)re");
  static const std::regex with_fingerprint(R"re(^([\s\S]*?)\s*<!-- description ([0-9a-f]{8}) -->$)re");
  std::vector<TableRow> rows;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!starts_with(trim(lines[i]), "|")) continue;
    const auto cells = row_cells(lines[i]);
    std::smatch id;
    if (cells.empty() || !std::regex_match(cells[0], id, id_cell)) continue;
    TableRow row;
    row.id = id[1].str();
    row.line = first_line + static_cast<int>(i);
    if (cells.size() > 1) {
      std::smatch parts;
      if (std::regex_match(cells[1], parts, with_fingerprint)) {
        row.summary = trim(parts[1].str());
        row.fingerprint = parts[2].str();
      } else {
        row.summary = cells[1];
      }
    }
    if (cells.size() > 2) row.suite = cells[2];
    if (cells.size() > 3) row.points = cells[3];
    rows.push_back(std::move(row));
  }
  return rows;
}

cmark_node* first_title(cmark_node* root) {
  for (cmark_node* heading : nodes_of_type(root, CMARK_NODE_HEADING)) {
    if (cmark_node_get_heading_level(heading) == 1) return heading;
  }
  return nullptr;
}

// The line after which a missing region goes: below the title, and below the header list or
// paragraph right under it when that links the grading page.
int insertion_line(cmark_node* root, const CourseTree& tree, const std::string& repo_path) {
  cmark_node* title = first_title(root);
  if (!title) return 0;
  cmark_node* next = cmark_node_next(title);
  if (next && (cmark_node_get_type(next) == CMARK_NODE_LIST || cmark_node_get_type(next) == CMARK_NODE_PARAGRAPH)) {
    for (const auto& ref : link_refs(next)) {
      if (resolve_relative_link(tree, repo_path, ref.url).repo_path == "docs/grading.md") {
        return cmark_node_get_end_line(next);
      }
    }
  }
  return cmark_node_get_end_line(title);
}

// One blank line on each side of the region, however many the text had there.
std::string with_region_inserted(const std::vector<std::string>& lines, int after_line, const std::string& region) {
  size_t at = std::min(static_cast<size_t>(after_line), lines.size());
  while (at > 0 && trim(lines[at - 1]).empty()) --at;
  size_t rest = at;
  while (rest < lines.size() && trim(lines[rest]).empty()) ++rest;
  std::string text = join_lines(lines, 0, at);
  if (at > 0) text += "\n";
  text += region;
  if (rest < lines.size()) text += "\n";
  return text + join_lines(lines, rest, lines.size());
}

// What the header above the region must link, so the handout stands alone.
void check_header_links(cmark_node* root, const CourseTree& tree, const std::string& repo_path, const LabManifest& lab,
                        int title_line, int begin_line, Problems& problems) {
  bool concept = false;
  bool deck = false;
  bool grading = false;
  for (const auto& ref : link_refs(root)) {
    if (ref.line <= title_line || ref.line >= begin_line || classify_url(ref.url) != UrlKind::relative) continue;
    const std::string target = resolve_relative_link(tree, repo_path, ref.url).repo_path;
    concept = concept || (starts_with(target, "docs/concepts/") && ends_with(target, ".md"));
    deck = deck || (is_deck(target) && starts_with(fs::path(target).filename().string(), lab.number + "-"));
    grading = grading || target == "docs/grading.md";
  }
  const auto missing = [&](const std::string& what) {
    problems.push_back({repo_path, begin_line,
                        "the header between the title and the checks table links no " + what +
                            " (a handout links its concept page, its deck and the grading page)"});
  };
  if (!concept) missing("concept page (docs/concepts/*.md)");
  if (!deck) missing("deck of lab " + lab.number + " (slides/" + lab.number + "-*.md)");
  if (!grading) missing("grading page (docs/grading.md)");
}

// One finding per way the rows differ from the manifest, so the message names what changed.
void compare_rows(const std::vector<TableRow>& rows, const LabManifest& lab, const std::string& file, int begin_line,
                  Problems& problems, Problems& notes) {
  std::map<std::string, const TableRow*> by_id;
  for (const auto& row : rows) by_id.emplace(row.id, &row);
  std::vector<std::string> manifest_order;
  for (const auto& check : lab.checks) {
    manifest_order.push_back(check.id);
    const auto it = by_id.find(check.id);
    if (it == by_id.end()) {
      problems.push_back({file, begin_line, "check `" + check.id + "` of " + lab.manifest_path() + " has no row"});
      notes.push_back({file, begin_line,
                       "new row `" + check.id +
                           "`: its text is the start of the description; shorten it to what the check proves"});
      continue;
    }
    const TableRow& row = *it->second;
    if (row.summary.empty()) {
      problems.push_back({file, row.line, "row `" + check.id + "` says nothing in \"what it proves\""});
      notes.push_back(
          {file, row.line,
           "row `" + check.id + "`: its text is the start of the description; shorten it to what the check proves"});
    }
    const Language language = is_translation(file) ? Language::zh : Language::en;
    if (row.suite != suite_cell(check, language)) {
      problems.push_back({file, row.line,
                          "row `" + check.id + "` gives the suite as " + row.suite + ", " + lab.manifest_path() +
                              " as " + suite_cell(check, language)});
    }
    if (row.points != points_text(check.points)) {
      problems.push_back({file, row.line,
                          "row `" + check.id + "` gives " + row.points + " points, " + lab.manifest_path() + " " +
                              points_text(check.points)});
    }
    if (!row.summary.empty() && row.fingerprint != description_fingerprint(check.description)) {
      problems.push_back({file, row.line,
                          "the description of `" + check.id + "` in " + lab.manifest_path() +
                              " is not the one its row was written for; read \"" + row.summary +
                              "\" again against it"});
      notes.push_back({file, row.line,
                       "row `" + check.id + "` kept \"" + row.summary +
                           "\" for a changed description: check that it still says what the check proves"});
    }
  }
  std::vector<std::string> table_order;
  for (const auto& row : rows) {
    if (!lab.find(row.id)) {
      problems.push_back({file, row.line, "row `" + row.id + "` names no check of " + lab.manifest_path()});
    } else {
      table_order.push_back(row.id);
    }
  }
  std::vector<std::string> listed;
  for (const auto& id : manifest_order) {
    if (by_id.count(id)) listed.push_back(id);
  }
  if (table_order != listed) {
    problems.push_back({file, begin_line, "the rows are not in the order of " + lab.manifest_path()});
  }
}

}  // namespace

std::string description_fingerprint(std::string_view description) { return memlab::text_fingerprint(description); }

std::string default_summary(std::string_view description) {
  std::string text = trim(description);
  for (const std::string_view stop : {". ", "; "}) {
    const size_t at = text.find(stop);
    if (at != std::string::npos && at > 0) text = text.substr(0, at);
  }
  constexpr size_t kMostWords = 12;
  std::istringstream words(text);
  std::string word;
  std::string shortened;
  size_t count = 0;
  while (words >> word) {
    if (++count > kMostWords) {
      shortened += " ...";
      break;
    }
    shortened += (shortened.empty() ? "" : " ") + word;
  }
  return escape_pipes(shortened);
}

std::string checks_table_region(const LabManifest& lab, const std::map<std::string, std::string>& summaries,
                                Language language) {
  const char* header = language == Language::zh ? kHeaderRowZh : kHeaderRow;
  std::string text = std::string(kBeginLine) + "\n" + header + "\n" + kDelimiterRow + "\n";
  double total = 0;
  for (const auto& check : lab.checks) {
    const auto it = summaries.find(check.id);
    const std::string summary =
        it != summaries.end() && !it->second.empty() ? it->second : default_summary(check.description);
    text += "| `" + check.id + "` | " + summary + " " +
            fingerprint_comment(description_fingerprint(check.description)) + " | " + suite_cell(check, language) +
            " | " + points_text(check.points) + " |\n";
    total += check.points;
  }
  text += "\n" + total_line(points_text(total), language) + "\n";
  return text + kEndLine + "\n";
}

HandoutTable check_checks_table(const CourseTree& tree, const std::string& repo_path, const std::string& markdown,
                                const LabManifest& lab) {
  HandoutTable result;
  result.rewritten = markdown;
  const Language language = is_translation(repo_path) ? Language::zh : Language::en;
  const Markdown page(markdown);
  const auto lines = split_lines(markdown);
  cmark_node* title = first_title(page.root());
  const int title_line = title ? cmark_node_get_start_line(title) : 0;
  const MarkedRegion region = find_marked_region(page.root(), kBeginPrefix, kEndPrefix);

  if (region.begin == 0) {
    const int after = insertion_line(page.root(), tree, repo_path);
    const std::string expected = checks_table_region(lab, {}, language);
    result.table.push_back(
        {repo_path, title_line,
         "no checks table under the title; " + std::string(kRewriteCommand) + " inserts this one:\n" + expected});
    for (const auto& check : lab.checks) {
      result.notes.push_back({repo_path, after,
                              "new row `" + check.id +
                                  "`: its text is the start of the description; shorten it to what the check proves"});
    }
    result.rewritten = with_region_inserted(lines, after, expected);
    return result;
  }
  if (region.count > 1) {
    result.other.push_back({repo_path, region.begin, "more than one checks table: keep one, under the title"});
  }
  if (region.end == 0) {
    result.other.push_back(
        {repo_path, region.begin, "the checks table has no closing " + std::string(kEndLine) + " line"});
    return result;
  }
  check_header_links(page.root(), tree, repo_path, lab, title_line, region.begin, result.other);

  const auto rows = parse_rows(region_lines(lines, region), region.begin);
  std::map<std::string, std::string> summaries;
  for (const auto& row : rows) {
    if (lab.find(row.id) && !row.summary.empty()) summaries.emplace(row.id, row.summary);
  }
  const std::string expected = checks_table_region(lab, summaries, language);
  if (region_is(lines, region, expected)) return result;

  compare_rows(rows, lab, repo_path, region.begin, result.table, result.notes);
  result.rewritten =
      rewrite_region(lines, region, expected, repo_path, "checks table", "check-tables", kRewriteCommand, result.table);
  return result;
}

ChecksTablesReport check_checks_tables(const fs::path& root, bool write) {
  ChecksTablesReport report;
  const CourseTree tree(root);
  const ThresholdBook book = ThresholdBook::load(root, report.problems);
  const CourseFiles files = find_course_files(root);
  std::vector<std::string> handouts = files.labs;
  for (const auto& translation : files.translations) {
    if (is_lab_handout(english_source_of(translation))) handouts.push_back(translation);
  }
  for (const auto& handout : handouts) {
    const LabManifest* lab = book.lab_for_folder(fs::path(handout).parent_path().generic_string());
    if (!lab) continue;
    ++report.handouts;
    const std::string markdown = read_file(root / handout);
    const HandoutTable table = check_checks_table(tree, handout, markdown, *lab);
    if (!write) {
      report.problems.insert(report.problems.end(), table.other.begin(), table.other.end());
      report.problems.insert(report.problems.end(), table.table.begin(), table.table.end());
      continue;
    }
    report.notes.insert(report.notes.end(), table.notes.begin(), table.notes.end());
    if (table.rewritten != markdown) {
      write_file(root / handout, table.rewritten);
      ++report.rewritten;
    }
    // What is left after the rewrite (a missing header link) is judged on the new text.
    const HandoutTable after = check_checks_table(tree, handout, table.rewritten, *lab);
    report.problems.insert(report.problems.end(), after.other.begin(), after.other.end());
    report.problems.insert(report.problems.end(), after.table.begin(), after.table.end());
  }
  return report;
}

}  // namespace memlab::site
