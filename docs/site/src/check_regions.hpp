// The tables of a lab's checks that the course text shows, each written from the lab's lab.json
// and nothing else, so that a check's texts live in one place per language:
//
//   - summary, at the head of the handout (labs/NN-name/README.md): check, what it proves, suite,
//     points, and the lab's total;
//   - details, in the handout's section on the checks: check, suite, what it measures (the
//     description, as the report prints it), and when it passes (the threshold, in a threshold
//     marker so that check-thresholds sees it too);
//   - deck, on the deck's "How it is graded" slide (slides/NN-name.md): the checks with a
//     threshold, what each proves and what it requires.
//
// Each table sits between two comment lines, for example
//
//   <!-- check-details: begin (generated from lab.json by memlab-site check-tables --write; edit lab.json, not this
//   table) --> | check | suite | measures | passes when |
//   ...
//   <!-- check-details: end -->
//
// A Chinese page (X.zh.md) gets the same rows from the checks' "zh" texts, with Chinese column
// headers and words. A student copy has no site, so every table is plain GFM that reads the same
// on GitHub, in an editor and on the site.
#pragma once

#include "languages.hpp"
#include "problem.hpp"
#include "thresholds.hpp"

#include <string>
#include <string_view>

namespace memlab::site {

enum class CheckTable { summary, details, deck };

// What a page calls the table in a message ("checks table", ...).
std::string_view table_name(CheckTable table);
// The opening comment's first words ("<!-- checks: begin") and the closing comment line.
std::string_view begin_prefix(CheckTable table);
std::string_view end_line(CheckTable table);

// The lab's texts that `table` needs in `language` and lab.json lacks: one problem per check
// without "proves" (on a Chinese page, without "zh": {"proves"}), reported against the manifest.
// A table is written only when there are none. (A check without a Chinese description is shown
// with its English one, as the report in Chinese shows it.)
Problems missing_texts(const LabManifest& lab, CheckTable table, Language language);

// The whole region, its comment lines included, as check-tables --write writes it.
std::string check_table_region(const LabManifest& lab, CheckTable table, Language language);

// Plain text (a description, as the report prints it) as GFM text in a table cell: characters
// that GFM would read as markup (emphasis, HTML, a cell's end) are escaped, so the page shows
// the same characters as the report. Backticks stay: a description may quote code with them.
std::string cell_text(std::string_view plain);

// When the check passes, as a cell: "<= " or ">= " and its threshold marker (`marker_id` is the
// check's id in a handout, "NN/id" in a deck), "closes " and the marker for a gap rule without a
// required value, and "all of it holds" for a pass/fail check; in `language`.
std::string passes_when(const ManifestCheck& check, const std::string& marker_id, Language language);

}  // namespace memlab::site
