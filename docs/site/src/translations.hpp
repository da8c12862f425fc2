// The Chinese edition must not drift from the English one. Each translated page (X.zh.md,
// languages.hpp) starts with a stamp that holds one fingerprint per section of its English page
// as it was when the translation was last brought up to date:
//     <!-- translation of setup.md: 1a2b3c4d 5e6f7a8b ... -->
// check-translations fails when the English page changed since (naming the sections that
// changed), and whenever the two pages differ in what must be the same in both: the headings'
// levels, the code blocks, the threshold and measured markers, the links and the images, a
// deck's slides, and the numbers each section writes in its text (section_numbers.hpp: section i
// of the translation writes the numbers of English section i, each as often). Which pages must
// have a translation, and which stay in English and why, is listed in docs/translations.txt
// (translation_list.hpp); a page students read that is in neither list fails the check.
//
// Two things may differ in the way the Chinese page must write them:
//   - a threshold marker quotes its value in the page's language (ThresholdBook::lookup), so a
//     Chinese marker stands for its English twin when the id is the same and its text is the
//     Chinese form of the manifest's value;
//   - a link or an image may lead to the Chinese twin of a page or a figure (README.zh.md for
//     README.md, x.zh.svg for x.svg): the Chinese home page's lab table links the Chinese
//     handouts, and Chinese pages show the Chinese figures. Links are compared with X.zh.EXT
//     read as X.EXT.
#pragma once

#include "problem.hpp"
#include "thresholds.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

// Fingerprints of the sections of an English page: the text before the first heading, then one
// per heading (from its line to the next heading), as description_fingerprint writes them. The
// sections are cut by memlab/section_fingerprints.h, a line scan that memlab-course export-student
// shares (it stamps the students' copy again); it need not find the headings cmark finds, so a
// changed section is named by its heading line there, not by a heading of the rendered page.
std::vector<std::string> section_fingerprints(std::string_view english_markdown);

// The stamp line for an English page `english_name` (a file name) with these fingerprints
// (memlab/section_fingerprints.h writes it).
std::string translation_stamp(std::string_view english_name, const std::vector<std::string>& fingerprints);

// What differs between an English page and its translation; findings are reported against the
// translation's path, at its line where there is one. With `thresholds`, a threshold marker of the
// translation that quotes the Chinese form of its value counts as the English marker with the same
// id; without, the two texts must be the same.
Problems compare_translation(const std::string& english_path, std::string_view english,
                             const std::string& translation_path, std::string_view translation,
                             const ThresholdBook* thresholds = nullptr);

struct TranslationReport {
  Problems problems;
  size_t pages = 0;  // translations compared
};

// Every page docs/translations.txt lists as translated must have its translation; every
// translation found is compared with its English page; every page students read is in one of the
// file's two lists, and every entry names a page.
TranslationReport check_translations(const fs::path& root);

// Rewrites the stamp (the first line) of each translation to the fingerprints of its English
// page now: run it after bringing the translation up to date. Returns the files rewritten.
std::vector<std::string> stamp_translations(const fs::path& root, const std::vector<std::string>& translations);

}  // namespace memlab::site
