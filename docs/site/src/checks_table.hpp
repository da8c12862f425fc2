// The checks table at the head of every lab handout: one row per check of the lab's lab.json
// (its id, what it proves, its suite and its points) and the lab's total, between two comments:
//
//   <!-- checks: begin (from lab.json; edit only "what it proves"; memlab-site check-tables --write) -->
//   | check | what it proves | suite | points |
//   | --- | --- | --- | ---: |
//   | `tile_fits` | the tile's pitch fits <!-- description 5e1c07aa --> | `cpu` | 1 |
//
//   Total: 15 points, from this lab's [`lab.json`](lab.json).
//   <!-- checks: end -->
//
// Ids, order, suites, kinds, points and the total are the manifest's. The short "what it
// proves" texts are written by hand, because a manifest's description is a paragraph; each row
// keeps a fingerprint of the description it was written for, so a changed description fails
// the check until somebody has read the row again. A student copy has no site, so the table is
// plain GFM that reads the same on GitHub, in an editor and on the site.
#pragma once

#include "languages.hpp"
#include "layout.hpp"
#include "problem.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace memlab::site {

namespace fs = std::filesystem;

struct LabManifest;  // thresholds.hpp

// Eight hex digits (FNV-1a, 32 bits) of a description: stable across machines and builds.
std::string description_fingerprint(std::string_view description);

// The text a new row starts with: the description's first clause, at most about a dozen words,
// with '|' escaped for the table. A person shortens it; check-tables --write says so.
std::string default_summary(std::string_view description);

// The whole region, marker lines included, for these hand-written summaries (id -> text);
// a check without one gets default_summary of its description.
// A Chinese handout (README.zh.md) gets the same rows with Chinese header, kind and total words.
std::string checks_table_region(const LabManifest& lab, const std::map<std::string, std::string>& summaries,
                                Language language = Language::en);

struct HandoutTable {
  Problems table;         // how the region differs from lab.json (a rewrite fixes these); the last one
                          // holds the expected region
  Problems other;         // what a rewrite cannot fix: a missing header link, an unclosed region
  Problems notes;         // what a rewrite changes that a person should read (new rows, changed descriptions)
  std::string rewritten;  // the handout with its region as check-tables --write writes it
};

// Checks one handout (its repository path and text) against its manifest: the region exists
// once, is exactly what checks_table_region gives for the summaries it holds, and the header
// above it links a concept page (docs/concepts/), the lab's deck (slides/NN-*.md) and
// docs/grading.md.
HandoutTable check_checks_table(const CourseTree& tree, const std::string& repo_path, const std::string& markdown,
                                const LabManifest& lab);

struct ChecksTablesReport {
  Problems problems;
  Problems notes;
  size_t handouts = 0;   // handouts with a manifest, checked
  size_t rewritten = 0;  // handouts whose file --write changed
};

// Every labs/NN-name/README.md whose folder has a lab.json. With `write`, each handout's region
// is rewritten (or inserted under the title's header) and only what a rewrite cannot fix stays
// in `problems` (a missing header link, a malformed manifest).
ChecksTablesReport check_checks_tables(const fs::path& root, bool write);

}  // namespace memlab::site
