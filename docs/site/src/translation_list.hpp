// docs/translations.txt: which pages of the course have a Simplified Chinese twin and which
// stay in English. Every page a student reads must be in one of the two lists, so a new page
// cannot go without a translation unnoticed:
//     docs/setup.md                                       a page that must have a twin
//     labs/*/README.md                                    a pattern ("*" stays inside one folder)
//     english-only: docs/instructor-guide.md  # for instructors, who read the course in English
// An English-only line must say why after "#"; any line may end with such a comment.
#pragma once

#include "problem.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

inline constexpr std::string_view kTranslationListFile = "docs/translations.txt";

struct ListedPages {
  std::string pattern;  // a repository path, or a pattern of them
  int line = 0;         // its line in docs/translations.txt
  std::string reason;   // the comment after "#"; "" when there is none
};

struct TranslationList {
  std::vector<ListedPages> translated;    // pages that must have a Chinese twin
  std::vector<ListedPages> english_only;  // pages that stay in English, each with its reason
};

// Reads `root`/docs/translations.txt; a malformed line is reported in `problems` and left out.
// No file: two empty lists.
TranslationList read_translation_list(const fs::path& root, Problems& problems);

bool lists(const ListedPages& entry, const std::string& repo_path);

// The pages students read, English editions only, sorted: every Markdown page under docs/ but in
// docs/results/ (records of runs) and docs/notebooks/, every labs/*/README.md and every slides/*.md.
std::vector<std::string> student_facing_pages(const fs::path& root);

// Each page of `pages` must be in exactly one list, and an English-only page has no twin.
// Each entry must name a page of `pages` or of `other_pages` (course pages that need not be listed).
Problems check_list_covers(const fs::path& root, const TranslationList& list, const std::vector<std::string>& pages,
                           const std::vector<std::string>& other_pages);

}  // namespace memlab::site
