#pragma once
// The verdicts of one suite, decided outside the process that ran the student's code: from the
// manifest (with the instructor's overrides already applied), the measurement records the
// check program sent, and how that program ended. Every check of the suite gets a row; a check
// without a well-formed, single record fails with the reason the program gave none.
#include <optional>
#include <string>
#include <vector>

#include "memlab/manifest.h"
#include "memlab/measurement_record.h"
#include "memlab/report.h"

namespace memlab {

// How the check program ended, as the judge saw it.
struct ProgramEnding {
  bool ran = false;         // the program could be started at all
  std::string start_error;  // why not
  bool timed_out = false;   // the judge ended it at the deadline
  double deadline_s = 0;
  int exit_code = -1;                        // >= 0 when it exited
  int signal = 0;                            // > 0 when a signal ended it
  bool sent_end = false;                     // its last record was "end"
  std::string fatal;                         // the reason of a "fatal" record (a hang it detected itself)
  std::vector<std::string> protocol_errors;  // malformed or misplaced records, "line N: ..."
};

// "killed by signal 11 (Segmentation fault)", "timed out after 600 s", "exited with status 3
// before reporting": why checks without a record got none. Empty when the program ended well.
std::string ending_reason(const ProgramEnding& e);

// The row of `spec` before any verdict: id, suite, kind, description, hint, points, required text.
CheckResult result_row(const CheckSpec& spec);

// What check `spec` requires of a measurement (the manifest's value, or what its gap rule asks on
// this GPU), or why time cannot grade it here. One rule for the judge and for the check
// program's own reading of its measurements. Throws std::invalid_argument for a check with a gap
// rule and no gap.
struct Requirement {
  bool graded_by_time = true;
  double value = 0;    // the threshold (for a gap rule below its gate: what it would be)
  std::string text;    // ">= 1.39x (half of the gap: ...)"
  std::string reason;  // why the counters grade it, when !graded_by_time
};
Requirement requirement_of(const CheckSpec& spec, const std::optional<GapMeasurement>& gap);

// Decides every check of `suite`. `records` are the check records in the order received.
std::vector<CheckResult> judge_suite(const Manifest& manifest, const std::string& suite,
                                     const std::vector<MeasurementRecord>& records, const ProgramEnding& ending);

// Every check of `suite` failed with `reason` (the files did not compile, broke the contract, ...).
std::vector<CheckResult> fail_suite(const Manifest& manifest, const std::string& suite, const std::string& reason);

}  // namespace memlab
