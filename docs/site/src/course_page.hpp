// One course page on its way to HTML: the steps every page and deck goes through.
#pragma once

#include "languages.hpp"
#include "problem.hpp"

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

struct CourseTree;
class Markdown;
class ThresholdBook;

// Site pages link their figures (the files are copied next to the page); decks embed them as
// data: URIs so a deck is one self-contained file.
enum class ImageMode { link, embed };

// The language a page is written in. A Chinese page's links and images lead to the Chinese twin
// of their target where one exists (X.zh.md, X.zh.svg, ...), and its headings take the anchors
// of its English page's headings, one for one.
struct PageLanguage {
  Language language = Language::en;
  std::vector<std::string> heading_anchors = {};
};

struct PagePreparation {
  std::set<std::string> assets;  // repository files the page links or shows, to copy
  Problems problems;             // markers or links that could not be resolved (page still renders)
};

// Rewrites `page` in place for the site at its path `repo_path`:
//  - threshold markers show the manifest's value (so the site cannot disagree with the checker),
//  - measured markers keep the author's text, marked with the record it comes from (and checked),
//  - relative links point at the rendered pages and copied files,
//  - headings get anchors, tables a box that scrolls when they are wide, fenced code is highlighted.
PagePreparation prepare_page(Markdown& page, const CourseTree& tree, const std::string& repo_path,
                             const ThresholdBook& thresholds, ImageMode images, const PageLanguage& language = {});

// "image/svg+xml" for ".svg" etc.; "application/octet-stream" when unknown.
std::string media_type_of(const fs::path& file);

}  // namespace memlab::site
