#pragma once
// The class summary that grade-class writes when a lab is graded for a whole class: a CSV for
// spreadsheets and one HTML page for the instructor, both made from the submissions' reports
// (results/<id>/labNN.json). A submission without a readable report still gets its rows, with
// the reason it was not graded, so that nobody is silently left out of the grade book.
#include <filesystem>
#include <vector>

#include "class_grading.h"
#include "course_root.h"

namespace memlab::course {

namespace fs = std::filesystem;

// Writes the class summary of one lab: a CSV with one row per submission and check, and a
// self-contained HTML page. Reads each submission's report (report_json) if it exists.
//
// CSV (RFC 4180): student,source,score,max_score,check,suite,kind,verdict,points,max_points,
// measured,measured_text,required,detail. A submission without a readable report has one row per
// manifest check, with verdict "not graded" and the reason in detail.
// HTML: the lab, the number of submissions graded, mean and median score; a scores table; a table
// per check (pass rate, verdict counts); the distribution of every numeric check's measured values
// (inline SVG, the required value marked); the submissions that did not build or run, and why; the
// inconclusive verdicts to regrade. Inline CSS and SVG only: no script, no external resource.
// Throws std::runtime_error naming the file when a file cannot be written.
void write_class_summary(const LabInfo& lab, const std::vector<GradedSubmission>& graded, const fs::path& csv_path,
                         const fs::path& html_path);

}  // namespace memlab::course
