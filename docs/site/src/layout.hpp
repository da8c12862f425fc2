// The course's repository layout and where each file lands in the rendered site.
//
//   docs/**/*.md          -> <site>/**/*.html      (docs/ is the site root; index.md is home),
//                            but not docs/site/, the sources of this program (kSiteSourceFolder)
//   labs/NN-name/README.md -> <site>/labs/NN-name/index.html
//   slides/NN-name.md     -> <site>/slides/NN-name.html (a self-contained deck)
//   a page's Chinese twin X.zh.md -> the English page's path with .zh.html for .html
//   any other file        -> the same path (figures are copied next to their pages)
//   generated figures     -> <site>/figures/NAME  (linked as docs/figures/NAME, see CourseTree)
#pragma once

#include "problem.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

// Figures drawn at build time by the course's own tools (bank tables, the interactive bank
// page, the stride-sweep plot) live in the build folder, never in the repository. The text links
// them as if they were in this folder, so every page names one path whatever the build folder.
inline constexpr std::string_view kGeneratedFiguresFolder = "docs/figures";

// The site generator's own sources (this program) sit in docs/, beside the pages they render.
// Their Markdown files (a README, test fixtures) are not pages of the course.
inline constexpr std::string_view kSiteSourceFolder = "docs/site";

// The files the course text may reach: the repository, plus the build's generated figures.
// Implicitly made from a repository root alone (then no generated figure resolves).
struct CourseTree {
  CourseTree(fs::path repository, fs::path figures = {})
      : root(std::move(repository)), generated_figures(std::move(figures)) {}

  fs::path root;
  fs::path generated_figures;  // the build's figures folder, or empty

  // The file or folder on disk behind a repository path ("docs/figures/x.svg"): the
  // repository's own when it exists, else the generated one; empty when neither exists.
  fs::path locate(std::string_view repo_path) const;
  bool is_generated_figure(std::string_view repo_path) const;
};

struct CourseFiles {
  std::vector<std::string> docs;   // repository paths, navigation order, docs/index.md first
  std::vector<std::string> labs;   // labs/*/README.md by folder name (so by lab number)
  std::vector<std::string> decks;  // slides/NN-*.md by name
  // The Chinese twins (X.zh.md, languages.hpp) of the pages above that have one, in the same
  // order; the three lists above hold English pages only.
  std::vector<std::string> translations;
  Problems problems;  // docs/nav.txt entries that name no page
};

// Finds every page of the course under `root`; missing folders simply contribute nothing.
CourseFiles find_course_files(const fs::path& root);

// Navigation order of docs pages: docs/index.md first, then the order of `nav_entries`
// (paths relative to docs/), then the remaining pages alphabetically.
std::vector<std::string> order_docs(std::vector<std::string> docs, const std::vector<std::string>& nav_entries);

bool is_deck(std::string_view repo_path);
bool is_lab_handout(std::string_view repo_path);
// Markdown files that become pages (or decks) of the site.
bool is_site_page(std::string_view repo_path);

std::string site_path_of(std::string_view repo_path);

// URL of `to` as written inside the page at `from` (both site paths), e.g. "../index.html".
std::string relative_url(std::string_view from, std::string_view to);

struct LinkTarget {
  std::string repo_path;  // the file the link reaches; a folder link reaches its README.md
  std::string query;
  std::string fragment;
  std::string error;  // why the link does not resolve; empty when it does
};

// Resolves a relative URL written in `source` (a repository path) against the course tree.
// It fails when the target is missing, outside the repository, in solutions/, or Markdown
// that is no page of the site.
LinkTarget resolve_relative_link(const CourseTree& tree, const std::string& source, std::string_view url);

}  // namespace memlab::site
