// The generated tables of checks in a lab's pages (check_regions.hpp says what each holds), held
// to the lab's lab.json:
//
//   - a handout (labs/NN-name/README.md, and README.zh.md) has the checks table under its title
//     and the header links, and the details table in its section on the checks;
//   - a deck (slides/NN-name.md, and NN-name.zh.md) has the table of graded checks on its
//     "How it is graded" slide.
//
// Each region must be exactly what lab.json gives; nothing in it is written by hand. To change a
// text, edit lab.json and run `memlab-site check-tables --root . --write`.
#pragma once

#include "check_regions.hpp"
#include "layout.hpp"
#include "problem.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace memlab::site {

namespace fs = std::filesystem;

struct LabManifest;  // thresholds.hpp

// Eight hex digits (FNV-1a, 32 bits) of a text: stable across machines and builds. The
// translation stamps use the same function (memlab/section_fingerprints.h).
std::string description_fingerprint(std::string_view description);

struct PageTables {
  Problems table;         // regions that differ from lab.json, at the first line that differs (a rewrite fixes these)
  Problems other;         // what a rewrite cannot fix: a missing or unclosed region, a text lab.json lacks, a
                          // missing header link
  std::string rewritten;  // the page with every region as check-tables --write writes it
};

// One handout (its repository path and text) against its manifest: the checks table exists once
// (a rewrite inserts a missing one under the header links), the details table exists once, both
// are exactly what lab.json gives in the page's language, and the header above the checks table
// links a concept page (docs/concepts/), the lab's deck (slides/NN-*.md) and docs/grading.md.
PageTables check_handout_tables(const CourseTree& tree, const std::string& repo_path, const std::string& markdown,
                                const LabManifest& lab);

// One deck against its manifest: the table of graded checks exists once and is what lab.json gives.
PageTables check_deck_tables(const std::string& repo_path, const std::string& markdown, const LabManifest& lab);

struct ChecksTablesReport {
  Problems problems;
  size_t pages = 0;      // handouts and decks with a manifest, checked
  size_t rewritten = 0;  // pages whose file --write changed
};

// Every handout and deck, in both languages, of a lab folder with a lab.json. With `write`, each
// page's regions are rewritten (a missing checks table inserted) and only what a rewrite cannot
// fix stays in `problems`.
ChecksTablesReport check_checks_tables(const fs::path& root, bool write);

}  // namespace memlab::site
