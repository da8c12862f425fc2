#pragma once
// Gradescope's results.json over the labs a build grades
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/).
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "memlab/report_language.h"

namespace memlab {

// One Gradescope test per check, read from the labs' results/labNN.json:
//   name       "Lab 04: speedup_vs_starter"
//   score      the check's points: all of them for a pass, 0 for anything else
//   max_score  the check's points in the manifest (or the instructor's file); a timed check that
//              this GPU cannot grade by time has 0, because its points moved to a counter check
//   status     "passed" for a pass, "failed" for a fail or an inconclusive check. Gradescope knows
//              only these two. A skipped check gets none, so Gradescope takes it from the score
//              (0 of N: failed; 0 of 0: passed); it has the tag "skipped", and its output starts
//              with "Skipped:" and the reason
//   output     description, measured and required values, the reason, the hint (plain text)
// The top level has the summed score, extra_data.labs (each lab's score, max_score, verdict
// counts and student_hash), and an output that gives each lab's score, the points that could be
// graded on this machine, and what skipped and inconclusive checks did to the score. Gradescope
// renders that output as "simple_format" (HTML, with line breaks kept), so it is HTML-escaped.
// The outputs' fixed words are `language`'s (memlab/report_words.h); the checks' texts are those of
// each labNN.json, which memlab-report wrote in the language of its run. Names, scores, statuses
// and tags are the same in every language.
nlohmann::json gradescope_results(const std::filesystem::path& results_dir, const std::vector<std::string>& labs,
                                  Language language = Language::en);

}  // namespace memlab
