#pragma once
// One row per check: what was measured, what was required, the verdict and a hint. Each
// check process writes its rows as a JSON part; memlab-report merges the parts into the
// lab's report, Gradescope's results.json and the console table.
#include <optional>
#include <string>
#include <vector>

#include "memlab/manifest.h"
#include "memlab/report_language.h"
#include "memlab/verdict.h"

namespace memlab {

struct CheckResult {
  std::string id, suite, kind, description;
  Verdict verdict = Verdict::skip;
  std::optional<double> measured;
  std::string measured_text;  // e.g. "2.21x (95 % CI 2.18x-2.24x, 24 pairs)"
  std::string required_text;  // e.g. ">= 1.8x"
  std::string detail;         // reason for skip/inconclusive/fail, mismatches, ...
  std::string hint;
  double points = 0, max_points = 0;
  // A timed check that this GPU cannot grade by time (memlab/gap_rule.h): skipped, and its
  // points moved to this counter check when the report is merged.
  std::string points_moved_to;
};

// One check's line: verdict, id, measured and required; under it the detail and, for a failed
// check, its description and hint. The fixed words are `language`'s (memlab/report_words.h); the
// texts are the row's own (memlab/check_text.h puts them in a language).
std::string console_line(const CheckResult& r, Language language = Language::en);

// A timed check that this GPU cannot grade by time (skipped, with points_moved_to) gives its
// points to the counter check that grades the same lesson: the lab's maximum score stays the
// same on every GPU, and the counter check earns them when it passes. The counter check's detail
// says so in `language`: the rows' texts are in it by then (memlab/check_text.h).
void move_points_of_checks_not_graded_by_time(std::vector<CheckResult>& rows, Language language = Language::en);

struct ReportPart {
  std::string lab, suite, variant;
  std::string environment;  // the environment note, or the reason the GPU part was skipped
  std::string seed;
  std::string student_hash;
  std::vector<CheckResult> checks;
  // Written by the judge: which run of the lab this part belongs to (older parts are never
  // merged), which files and thresholds were graded, and how the check program ended.
  std::string run_id;
  std::string student_dir;
  std::string thresholds;  // "none" or "<path> (fnv1a64:...)"
  std::string tree_commit;
  std::string ending;  // "" when the check program ended normally
  // How the process that ran the student's code was contained (checker/judge/containment.h):
  // the Landlock ABI the kernel offered (0: none), whether a seccomp filter was applied, and the
  // processes the student's code left running when the program ended ("pid (name), ..."), which
  // the judge killed. `contained` is false for a part of an older judge or of no program at all.
  bool contained = false;
  int landlock_abi = 0;
  bool seccomp = false;
  std::string left_behind;
  // What the student's host code printed in the recorder during this grading (the answer file's
  // record of it, cut to 4 KB), shown once in the report.
  std::string printed;
};

std::string to_json(const ReportPart& part);
ReportPart part_from_json(const std::string& text);

// Content hash of the student's files (FNV-1a 64 over names and bytes), to tie a report to
// the exact submission it graded.
std::string hash_files(const std::vector<std::string>& paths);

}  // namespace memlab
