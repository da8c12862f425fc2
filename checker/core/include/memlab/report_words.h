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
  const char* printed;                                                         // {text}
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

  // The operating system's containment of the process that ran the student's code
  // (containment_text, left_behind_text).
  const char* left_behind;         // {processes}
  const char* containment_full;    // {abi}
  const char* containment_weaker;  // {missing}
  const char* containment_no_landlock;
  const char* containment_no_network;  // {abi}
  const char* containment_no_signals;  // {abi}
  const char* containment_no_seccomp;
  const char* containment_unknown;
  const char* gap_separator;  // between two of the missing parts
};

const ReportWords& report_words(Language language);

// An entry with its {name}s filled: fill(words.totals, fmt::arg("lab", "04"), ...). An entry that
// names an argument not given throws fmt::format_error (the unit tests fill every entry).
template <typename... Args>
std::string fill(const char* entry, const Args&... args) {
  return fmt::format(fmt::runtime(entry), args...);
}

// The detail of every check of a step whose student code left processes running ("4242 (sh), ...").
std::string left_behind_text(const std::string& processes, Language language);

// "containment: ...": how the process that ran the student's code was held, one line for the
// report; says WEAKER, and what is missing, on a kernel without Landlock ABI 6 or seccomp.
std::string containment_text(bool contained, int landlock_abi, bool seccomp, Language language);

// "2", "0.5", "18": a number of points or checks, as the reports have always printed them.
std::string count_text(double value);

}  // namespace memlab
