// Rendering the whole course: the static site (docs, lab handouts, slide decks) and decks alone.
#pragma once

#include "layout.hpp"
#include "problem.hpp"

#include <filesystem>
#include <string>

namespace memlab::site {

namespace fs = std::filesystem;

struct SiteOptions {
  fs::path root;  // the repository
  fs::path out;   // the site folder
  std::string course_title = "CUDA Memory Labs";
  fs::path generated_figures = {};  // the build's figures folder (linked as docs/figures/), or empty
};

struct RenderSummary {
  size_t pages = 0;
  size_t decks = 0;
  size_t files_copied = 0;
  Problems problems;  // pages still render; the caller decides whether these fail the run
};

// Renders every docs/**/*.md, labs/*/README.md and slides/NN-*.md into `options.out`.
RenderSummary render_site(const SiteOptions& options);

// Renders the decks alone into `options.out`: NN-name.html per deck and an index.html.
RenderSummary render_decks(const SiteOptions& options);

// Renders one deck file into one HTML file; `tree` is the repository the deck's links live in.
RenderSummary render_one_deck(const CourseTree& tree, const fs::path& deck, const fs::path& html);

}  // namespace memlab::site
