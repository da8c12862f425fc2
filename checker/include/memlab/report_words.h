#pragma once
// The fixed words of the reports, one table per language (memlab/report_language.h): the console
// lines, results/labNN.txt and gradescope.json print these around the manifest's text and the
// checker's own details, which stay as the checker wrote them. Each entry is an fmt format string;
// its {name}s say what goes in, so that a language may put them in its own order. A check id, a
// number or a measured value goes in unchanged in every language.
#include <fmt/format.h>
#include <string>

#include "memlab/report_language.h"
#include "memlab/verdict.h"

namespace memlab {

// The two forms of a counted phrase: `one` for exactly 1, `many` otherwise.
struct Plural {
  const char* one;
  const char* many;
  const char* of(double n) const { return n == 1 ? one : many; }
};

struct ReportWords {
  // A check's line (console_line): its verdict tag, and what follows it.
  const char* tag[4];       // by Verdict: pass, fail, inconclusive, skip
  const char* measured;     // {value}
  const char* required;     // {value}
  const char* description;  // {text}: under a failed check, what it checks
  const char* hint;         // {text}

  // results/labNN.txt and the console report (memlab-report).
  const char* lab_heading;                                                     // {lab} {title} {graded}
  const char *graded_solution, *graded_starter, *graded_wrong, *graded_other;  // {files} {dir}
  const char* thresholds;                                                      // {text}
  const char* grading_tree;                                                    // {text}
  const char* suite_heading;                                                   // {suite}
  Plural points_of;                                                            // {points} {max}
  const char* same_skip_reason;
  const char* not_graded_see_contract;
  const char* next;           // {text}
  const char* totals;         // {lab} {passed} {failed} {inconclusive} {skipped} {score} {max}
  const char* files_written;  // {report} {gradescope}

  // The one thing to do next (report/report_text.h).
  const char* next_fix_build;
  const char* next_correctness_first;  // {id}
  const char* next_failed;             // {id}
  const char* next_undecided;          // {id}
  const char* next_all_passed;
  const char* next_gpu_alone;  // the only thing to say
  const char* next_gpu_after;  // after another step

  // The report's own row: the submission contract.
  const char* contract_description;
  const char* contract_hint_unbuildable;
  const char* contract_hint_compile;
  const char* contract_hint_violations;

  // gradescope.json (report/gradescope_results.h).
  const char* verdict[4];       // by Verdict, before a reason: {verdict}: {detail}
  const char* skipped;          // {reason}: the first line of a skipped check's output
  const char* no_reason;        // when a skipped check gives none
  const char* output_measured;  // {value}
  const char* output_required;  // {value}
  const char* output_reason;    // {verdict} {detail}
  const char* points_moved;     // {check}
  const char* inconclusive_score;
  const char* lab_not_graded;     // {lab}
  const char* lab_line;           // {lab} {graded} {score} {max}
  const char* lab_line_gradable;  // {gradable} {max}: appended to lab_line; {max} is a `points` text
  Plural points;                  // {n}
  Plural checks;                  // {n}
  const char* scoring_rule;
  Plural skipped_here;  // {checks} {points} {reason}
  const char* none_skipped;
  const char* inconclusive_rule;
  Plural inconclusive_here;  // {checks} {points}
  const char* none_inconclusive;
  Plural moved_here;  // {checks}
};

const ReportWords& report_words(Language language);

// An entry with its {name}s filled: fill(words.totals, fmt::arg("lab", "04"), ...). An entry that
// names an argument not given throws fmt::format_error (the unit tests fill every entry).
template <typename... Args>
std::string fill(const char* entry, const Args&... args) {
  return fmt::format(fmt::runtime(entry), args...);
}

// "2", "0.5", "18": a number of points or checks, as the reports have always printed them.
std::string count_text(double value);

}  // namespace memlab
