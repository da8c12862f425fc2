#pragma once
// The stamps of the students' copy's translations (X.zh.md), written again for the copy's pages.
//
// Why: a translation's first line stamps the sections of its English page X.md as they were when
// the translation was last brought up to date (memlab/section_fingerprints.h), and
// `memlab-site check-translations` (the test docs.translations) fails when they differ from
// X.md now. export-student rewrites X.md for the students (export_markers.h: instructor-only
// passages go, student-copy passages show), so in the copy every page with such passages would
// look changed since its translation was stamped, though the translation is as current as in
// the course (its own passages are rewritten the same way). So a stamp that is up to date with
// the course's X.md is written again with the fingerprints of the copy's X.md; a stamp that was
// stale already stays as it was, so that the copy still reports that translation as stale.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::course {

namespace fs = std::filesystem;

// The text of a translation (`translation`, of the page named `english_name`: "setup.md") with
// its stamp written for `copy_english` (the copy's X.md), when the stamp is up to date with
// `course_english` (the course's X.md); nothing when it is not (stale, not stamped, no stamp,
// another page's name), as check-translations judges it.
std::optional<std::string> restamped_translation(std::string_view translation, std::string_view english_name,
                                                 std::string_view course_english, std::string_view copy_english);

struct TranslationStamps {
  int translations = 0;            // X.zh.md files of the copy with their X.md beside them
  int rewritten = 0;               // stamps changed for the copy's English page
  std::vector<std::string> stale;  // translations whose stamp was not up to date: left as they were
};

// For each X.zh.md among `files` (paths relative to the copy `dir`, written already) whose X.md
// the copy holds: its stamp written again for the copy's X.md when it was up to date with the
// course's X.md (restamped_translation).
TranslationStamps restamp_translations(const fs::path& course, const fs::path& dir,
                                       const std::vector<std::string>& files);

}  // namespace memlab::course
