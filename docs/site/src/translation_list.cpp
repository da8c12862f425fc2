#include "translation_list.hpp"

#include "languages.hpp"
#include "text.hpp"

#include <fnmatch.h>

#include <algorithm>

namespace memlab::site {

namespace {

constexpr std::string_view kEnglishOnly = "english-only:";

// The folders of docs/ that hold no page for students to read: records, notebooks, and the
// sources of the site generator itself (layout.hpp's kSiteSourceFolder).
constexpr std::string_view kNotStudentPages[] = {"docs/results/", "docs/notebooks/", "docs/site/"};

const std::string kList(kTranslationListFile);

std::string list_line(int line) { return kList + ":" + std::to_string(line); }

const ListedPages* first_listing(const std::vector<ListedPages>& entries, const std::string& page) {
  for (const auto& entry : entries) {
    if (lists(entry, page)) return &entry;
  }
  return nullptr;
}

}  // namespace

TranslationList read_translation_list(const fs::path& root, Problems& problems) {
  TranslationList list;
  std::error_code ec;
  if (!fs::is_regular_file(root / kTranslationListFile, ec)) return list;
  const auto lines = split_lines(read_file(root / kTranslationListFile));
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string entry = trim(lines[i]);
    if (entry.empty() || entry[0] == '#') continue;
    const int line = static_cast<int>(i + 1);
    std::string reason;
    const size_t comment = entry.find('#');
    if (comment != std::string::npos) {
      reason = trim(std::string_view(entry).substr(comment + 1));
      entry = trim(std::string_view(entry).substr(0, comment));
    }
    const bool english_only = starts_with(entry, kEnglishOnly);
    if (english_only) entry = trim(std::string_view(entry).substr(kEnglishOnly.size()));
    if (entry.empty() || is_translation(entry) || !ends_with(entry, ".md")) {
      problems.push_back({kList, line, "\"" + entry + "\": list English pages (X.md), not translations"});
      continue;
    }
    if (english_only && reason.empty()) {
      problems.push_back({kList, line,
                          "\"english-only: " + entry +
                              "\" gives no reason: end the line with \"# \" and why the page stays in English"});
    }
    (english_only ? list.english_only : list.translated).push_back({entry, line, reason});
  }
  return list;
}

bool lists(const ListedPages& entry, const std::string& repo_path) {
  return fnmatch(entry.pattern.c_str(), repo_path.c_str(), FNM_PATHNAME) == 0;
}

std::vector<std::string> student_facing_pages(const fs::path& root) {
  std::vector<std::string> pages;
  std::error_code ec;
  const auto add = [&](const fs::path& file) {
    const std::string path = repo_relative(root, file);
    if (file.extension() != ".md" || is_translation(path)) return;
    for (std::string_view folder : kNotStudentPages) {
      if (starts_with(path, folder)) return;
    }
    pages.push_back(path);
  };
  if (fs::is_directory(root / "docs", ec)) {
    for (const auto& entry : fs::recursive_directory_iterator(root / "docs")) {
      if (entry.is_regular_file()) add(entry.path());
    }
  }
  if (fs::is_directory(root / "labs", ec)) {
    for (const auto& entry : fs::directory_iterator(root / "labs")) {
      if (entry.is_directory() && fs::is_regular_file(entry.path() / "README.md", ec)) add(entry.path() / "README.md");
    }
  }
  if (fs::is_directory(root / "slides", ec)) {
    for (const auto& entry : fs::directory_iterator(root / "slides")) {
      if (entry.is_regular_file()) add(entry.path());
    }
  }
  std::sort(pages.begin(), pages.end());
  return pages;
}

Problems check_list_covers(const fs::path& root, const TranslationList& list, const std::vector<std::string>& pages,
                           const std::vector<std::string>& other_pages) {
  Problems problems;
  std::error_code ec;
  for (const auto& page : pages) {
    const ListedPages* translated = first_listing(list.translated, page);
    const ListedPages* english_only = first_listing(list.english_only, page);
    const bool has_twin = fs::is_regular_file(root / translation_path(page), ec);
    if (!translated && !english_only) {
      const std::string fix =
          has_twin ? ", but " + translation_path(page) + " translates it: add the line \"" + page + "\" there"
                   : ": translate it (" + translation_path(page) + ") and add the line \"" + page +
                         "\" there, or, if students need not read it in Chinese, add the line "
                         "\"english-only: " +
                         page + "  # why it stays in English\"";
      problems.push_back({page, 0, "is in neither list of " + kList + fix});
    } else if (translated && english_only) {
      problems.push_back({page, 0,
                          "is listed both as translated (" + list_line(translated->line) + ") and as English-only (" +
                              list_line(english_only->line) + "): keep one"});
    } else if (english_only && has_twin) {
      problems.push_back({page, 0,
                          "is listed English-only (" + list_line(english_only->line) + "), but " +
                              translation_path(page) + " translates it: list it as translated"});
    }
  }
  const auto names_a_page = [](const ListedPages& entry, const std::vector<std::string>& files) {
    return std::any_of(files.begin(), files.end(), [&](const std::string& page) { return lists(entry, page); });
  };
  for (const auto& entry : list.translated) {
    if (!names_a_page(entry, pages) && !names_a_page(entry, other_pages)) {
      problems.push_back({kList, entry.line, "\"" + entry.pattern + "\" names no page of the course"});
    }
  }
  for (const auto& entry : list.english_only) {
    if (!names_a_page(entry, pages)) {
      problems.push_back({kList, entry.line,
                          "\"english-only: " + entry.pattern +
                              "\" names no page of the course that students read (docs/, labs/*/README.md, slides/)"});
    }
  }
  return problems;
}

}  // namespace memlab::site
