#pragma once
// The text of a lab's report (results/labNN.txt, printed after every ctest run): one line per
// check with its points, skip reasons said once, the score, and what to do next.
#include <string>
#include <vector>

#include "memlab/report.h"
#include "memlab/report_language.h"

namespace memlab {

// The checks, grouped by suite, each with verdict, measured, required and points; the detail
// (a skip reason, a failure) under it, said once when several checks in a row share it; what a
// failed check checks and its hint under it. `build_failure` is the build's reason when the files
// did not compile or broke the contract: checks that failed for it say so in a few words, not
// again. The fixed words are `language`'s; the rows' texts are already in it.
std::string check_lines(const std::vector<CheckResult>& rows, const std::string& build_failure = "",
                        Language language = Language::en);

// The one thing to do next, from the verdicts: fix the build, fix the first failed check
// (correctness before speed), find a GPU for the checks that need one, or nothing.
std::string next_step(const std::vector<CheckResult>& rows, Language language = Language::en);

}  // namespace memlab
