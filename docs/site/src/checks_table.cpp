#include "checks_table.hpp"

#include "check_regions.hpp"
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
#include <set>
#include <vector>

namespace memlab::site {

namespace {

constexpr const char* kRewriteCommand = "memlab-site check-tables --root . --write";

cmark_node* first_title(cmark_node* root) {
  for (cmark_node* heading : nodes_of_type(root, CMARK_NODE_HEADING)) {
    if (cmark_node_get_heading_level(heading) == 1) return heading;
  }
  return nullptr;
}

// The line after which a missing checks table goes: below the title, and below the header list
// or paragraph right under it when that links the grading page.
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

// What the header above the checks table must link, so the handout stands alone.
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

// A region's new text: lines [from, to) of the page (0-based) become `text`; an insertion has
// from == to and is laid out with one blank line on each side.
struct Replacement {
  size_t from = 0;
  size_t to = 0;
  std::string text;
  bool insertion = false;
};

std::string apply(const std::string& markdown, std::vector<Replacement> replacements) {
  // From the bottom up, so that each replacement's lines are still where they were found.
  std::sort(replacements.begin(), replacements.end(),
            [](const Replacement& a, const Replacement& b) { return a.from > b.from; });
  std::string text = markdown;
  for (const auto& r : replacements) {
    const auto lines = split_lines(text);
    text = r.insertion ? with_region_inserted(lines, static_cast<int>(r.from), r.text)
                       : join_lines(lines, 0, r.from) + r.text + join_lines(lines, r.to, lines.size());
  }
  return text;
}

// The first line where a region and what lab.json gives differ, shown side by side, so that a
// hand edit is named where it is.
Problem first_difference(const std::string& page, int begin_line, const std::vector<std::string>& found,
                         const std::string& expected, const LabManifest& lab, CheckTable table) {
  const auto wanted = split_lines(expected);
  size_t i = 0;
  while (i < found.size() && i < wanted.size() && found[i] == wanted[i]) ++i;
  const auto shown = [](const std::vector<std::string>& lines, size_t at) {
    return at < lines.size() ? lines[at] : std::string("(no line)");
  };
  return {page, begin_line + static_cast<int>(i),
          "the " + std::string(table_name(table)) + " is not what " + lab.manifest_path() +
              " gives (it is generated: edit lab.json, then run " + kRewriteCommand +
              ")\n  here:     " + shown(found, i) + "\n  lab.json: " + shown(wanted, i)};
}

// One region of a page: found once, closed, and exactly `expected`; else the problems, and the
// replacement that a rewrite makes. Returns the region found (begin 0 when there is none).
MarkedRegion check_region(const std::string& page, cmark_node* root, const std::vector<std::string>& lines,
                          CheckTable table, const LabManifest& lab, PageTables& result,
                          std::vector<Replacement>& replacements) {
  const MarkedRegion region = find_marked_region(root, begin_prefix(table), end_line(table));
  if (region.begin == 0) return region;
  if (region.count > 1) {
    result.other.push_back({page, region.begin,
                            "more than one " + std::string(table_name(table)) + " (" +
                                std::string(begin_prefix(table)) + " ...): keep one"});
  }
  if (region.end == 0) {
    result.other.push_back(
        {page, region.begin,
         "the " + std::string(table_name(table)) + " has no closing " + std::string(end_line(table)) + " line"});
    return region;
  }
  const Problems missing = missing_texts(lab, table, page_language(page));
  if (!missing.empty()) {
    result.other.insert(result.other.end(), missing.begin(), missing.end());
    return region;
  }
  const std::string expected = check_table_region(lab, table, page_language(page));
  if (region_is(lines, region, expected)) return region;
  result.table.push_back(first_difference(page, region.begin, region_lines(lines, region), expected, lab, table));
  replacements.push_back({static_cast<size_t>(region.begin - 1), static_cast<size_t>(region.end), expected, false});
  return region;
}

// A region that is not there: where it goes, and its text, for a person to paste.
void missing_region(const std::string& page, int line, CheckTable table, const LabManifest& lab,
                    const std::string& where, Problems& problems) {
  const Problems missing = missing_texts(lab, table, page_language(page));
  std::string message = "no " + std::string(table_name(table)) + "; put these lines " + where +
                        " (check-tables --write then keeps them up to date)";
  if (missing.empty()) {
    message += ":\n" + check_table_region(lab, table, page_language(page));
  } else {
    message += ": " + std::string(begin_prefix(table)) + " -->, " + std::string(end_line(table));
  }
  problems.push_back({page, line, message});
  problems.insert(problems.end(), missing.begin(), missing.end());
}

// "slides/04-padding.zh.md" -> "labs/04-padding".
std::string lab_folder_of_deck(const std::string& deck) {
  return "labs/" + fs::path(english_source_of(deck)).stem().string();
}

}  // namespace

std::string description_fingerprint(std::string_view description) { return memlab::text_fingerprint(description); }

PageTables check_handout_tables(const CourseTree& tree, const std::string& repo_path, const std::string& markdown,
                                const LabManifest& lab) {
  PageTables result;
  result.rewritten = markdown;
  const Markdown page(markdown);
  const auto lines = split_lines(markdown);
  cmark_node* title = first_title(page.root());
  const int title_line = title ? cmark_node_get_start_line(title) : 0;
  std::vector<Replacement> replacements;

  const MarkedRegion summary =
      check_region(repo_path, page.root(), lines, CheckTable::summary, lab, result, replacements);
  if (summary.begin == 0) {
    const int after = insertion_line(page.root(), tree, repo_path);
    const Problems missing = missing_texts(lab, CheckTable::summary, page_language(repo_path));
    if (missing.empty()) {
      const std::string expected = check_table_region(lab, CheckTable::summary, page_language(repo_path));
      result.table.push_back(
          {repo_path, title_line, "no checks table under the title; " + std::string(kRewriteCommand) + " inserts it"});
      replacements.push_back({static_cast<size_t>(after), static_cast<size_t>(after), expected, true});
    } else {
      result.other.push_back({repo_path, title_line, "no checks table under the title"});
      result.other.insert(result.other.end(), missing.begin(), missing.end());
    }
  } else if (summary.end != 0) {
    check_header_links(page.root(), tree, repo_path, lab, title_line, summary.begin, result.other);
  }

  const MarkedRegion details =
      check_region(repo_path, page.root(), lines, CheckTable::details, lab, result, replacements);
  if (details.begin == 0) {
    missing_region(repo_path, title_line, CheckTable::details, lab, "in the section that introduces the checks",
                   result.other);
  }
  result.rewritten = apply(markdown, replacements);
  return result;
}

PageTables check_deck_tables(const std::string& repo_path, const std::string& markdown, const LabManifest& lab) {
  PageTables result;
  result.rewritten = markdown;
  const Markdown page(markdown);
  const auto lines = split_lines(markdown);
  std::vector<Replacement> replacements;
  const MarkedRegion deck = check_region(repo_path, page.root(), lines, CheckTable::deck, lab, result, replacements);
  if (deck.begin == 0) {
    missing_region(
        repo_path, 1, CheckTable::deck, lab,
        page_language(repo_path) == Language::zh ? "on the slide \"如何评分\"" : "on the slide \"How it is graded\"",
        result.other);
  }
  result.rewritten = apply(markdown, replacements);
  return result;
}

ChecksTablesReport check_checks_tables(const fs::path& root, bool write) {
  ChecksTablesReport report;
  const CourseTree tree(root);
  const ThresholdBook book = ThresholdBook::load(root, report.problems);
  const CourseFiles files = find_course_files(root);
  std::vector<std::string> pages = files.labs;
  pages.insert(pages.end(), files.decks.begin(), files.decks.end());
  for (const auto& translation : files.translations) {
    const std::string english = english_source_of(translation);
    if (is_lab_handout(english) || is_deck(english)) pages.push_back(translation);
  }
  // A text lab.json lacks is named once, not once per table and page that needs it.
  std::set<std::string> named;
  for (const auto& page : pages) {
    const bool deck = is_deck(english_source_of(page));
    const LabManifest* lab =
        book.lab_for_folder(deck ? lab_folder_of_deck(page) : fs::path(page).parent_path().generic_string());
    if (!lab) continue;
    ++report.pages;
    const std::string markdown = read_file(root / page);
    const auto check = [&](const std::string& text) {
      return deck ? check_deck_tables(page, text, *lab) : check_handout_tables(tree, page, text, *lab);
    };
    const PageTables tables = check(markdown);
    PageTables left = tables;
    if (write && tables.rewritten != markdown) {
      write_file(root / page, tables.rewritten);
      ++report.rewritten;
      // What is left after the rewrite (a missing header link) is judged on the new text.
      left = check(tables.rewritten);
    }
    for (const Problems* found : {&left.other, &left.table}) {
      for (const auto& problem : *found) {
        if (named.insert(to_string(problem)).second) report.problems.push_back(problem);
      }
    }
  }
  return report;
}

}  // namespace memlab::site
