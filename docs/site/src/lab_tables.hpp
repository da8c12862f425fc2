// The course's lab tables: one row per lab in README.md ("## The labs") and in docs/index.md,
// between two comments:
//
//   <!-- labs: begin (from each labs/NN-name/lab.json: number, title, summary; memlab-site lab-tables --write) -->
//   | # | lab | you learn to |
//   | --- | --- | --- |
//   | 04 | [Padding a shared-memory tile](labs/04-padding/README.md) | remove a 32-way conflict ... |
//
//   <!-- labs: end -->
//
// The first three columns come from each lab's lab.json: its number, its title (a link to the
// handout) and its "summary". A table may have more columns (docs/index.md says how each lab is
// graded on speed); those are written by hand: a rewrite keeps each lab's cells, a new lab's
// cells start empty, and an empty cell fails the check until somebody writes it.
//
// The check also fails when a lab has no handout (labs/NN-name/README.md) or no deck
// (slides/NN-name.md): a lab that is in the tables has both.
//
// The Chinese home page (docs/index.zh.md) holds the same table in Chinese: the generated
// header in Chinese words, each lab's "zh" title and summary from its lab.json, and a link to the
// Chinese handout (README.zh.md) where there is one. A lab without its Chinese title or summary
// fails the check of that page; its row shows the English one meanwhile.
#pragma once

#include "problem.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace memlab::site {

namespace fs = std::filesystem;

// The part of a lab.json that the tables quote.
struct LabEntry {
  std::string folder;  // "labs/04-padding"
  std::string number;  // "04"
  std::string name;    // "padding"
  std::string title;
  std::string summary;
  std::string zh_title;     // lab.json's "zh": {"title"}; "" where it has none
  std::string zh_summary;   // lab.json's "zh": {"summary"}; "" where it has none
  bool zh_handout = false;  // labs/NN-name/README.zh.md exists

  std::string manifest_path() const { return folder + "/lab.json"; }
  std::string handout_path() const { return folder + "/README.md"; }
  std::string deck_path() const { return "slides/" + number + "-" + name + ".md"; }
};

// The pages that hold a lab table (repository paths).
const std::vector<std::string>& lab_table_pages();

// Every labs/NN-name/ folder, in folder order. A lab.json that is missing or cannot be read, or
// whose number, name, title or summary is missing or disagrees with the folder's name, is a
// problem, and that lab is left out. A missing handout or deck is a problem too; the lab stays.
std::vector<LabEntry> read_lab_entries(const fs::path& root, Problems& problems);

// The whole region, marker lines included, as it stands in `page` (links are relative to it; a
// Chinese page, X.zh.md, gets the Chinese table).
// `hand_columns` are the headers of the hand-written columns; `hand_cells` maps a lab number to
// its cells in those columns (a lab without an entry gets empty cells).
std::string lab_table_region(const std::vector<LabEntry>& labs, const std::string& page,
                             const std::vector<std::string>& hand_columns,
                             const std::map<std::string, std::vector<std::string>>& hand_cells);

struct LabTable {
  Problems table;         // how the region differs from the labs (a rewrite fixes these); the
                          // last one holds the expected region
  Problems other;         // what a rewrite cannot fix: no region, an unclosed one, an empty
                          // hand-written cell
  std::string rewritten;  // the page with its region as lab-tables --write writes it
};

// Checks one page (its repository path and text) against the labs.
LabTable check_lab_table(const std::string& page, const std::string& markdown, const std::vector<LabEntry>& labs);

struct LabTablesReport {
  Problems problems;
  size_t labs = 0;       // labs read from labs/
  size_t pages = 0;      // pages checked
  size_t rewritten = 0;  // pages whose file --write changed
};

// README.md, docs/index.md and docs/index.zh.md (when there is one) against labs/*/lab.json. With `write`, each region
// is rewritten and only what a rewrite cannot fix stays in `problems`.
LabTablesReport check_lab_tables(const fs::path& root, bool write);

}  // namespace memlab::site
