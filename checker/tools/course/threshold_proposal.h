#pragma once
// What `memlab-course calibrate` proposes: from one lab's manifest and the reports of its starter
// and its solution graded on this GPU, a threshold per check that keeps the course's margins on
// both sides (docs/instructor-guide.md#calibrating-on-a-new-gpu). Pure functions over JSON, so
// the unit tests run them on recorded reports without a GPU; calibrate.cpp does the grading.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "memlab/manifest.h"

namespace memlab::course {

// The margin every lab keeps on the H200: the solution passes and the starter fails each
// threshold by at least 15 % (docs/grading.md).
constexpr double kCalibrationMargin = 1.15;

// How a check's threshold is calibrated.
enum class ThresholdRole {
  timed,     // kind performance with a fixed `required` (gated by a gap rule or not)
  gap_rule,  // kind performance, its bar computed in each run by its gap rule (no fixed `required`)
  counter,   // kind mechanism with a threshold: it follows the access pattern, not the GPU
  guard,     // kind correctness with a threshold: starter and solution must both pass
};
const char* to_string(ThresholdRole role);

enum class ProposalAction {
  not_measured,    // a side has no measured value (skipped, not graded, not timed on this GPU)
  keep,            // what is in effect keeps the margins: nothing to override
  set_required,    // a new fixed `required`
  set_close,       // a new `close` for the gap rule (the bar stays computed in each run)
  mechanism_only,  // no value keeps both margins: points 0, the points go to `points_to`
  no_separation,   // a counter or guard that no value can fix: the kernels, not the GPU, differ
};
const char* to_string(ProposalAction action);

// The values R that keep both margins: for "at least R", starter x 1.15 <= R <= solution / 1.15;
// for "at most R", solution x 1.15 <= R <= starter / 1.15. Empty when low > high.
struct AllowedRange {
  double low = 0, high = 0;
  bool empty() const { return low > high; }
};
AllowedRange allowed_range(Compare compare, double starter, double solution);

// The value proposed inside a non-empty range: its middle for "at least"; for "at most" the same
// rule on 1 / R (the middle of 1 / high .. 1 / low), which keeps a wide range's proposal as near
// the solution as an "at least" proposal is.
double range_middle(Compare compare, const AllowedRange& range);

// `value` rounded to 2 significant digits, or 3 or 4 when fewer would leave [low, high]; `value`
// itself when even 4 do.
double round_within(double value, double low, double high);

struct ThresholdProposal {
  std::string lab, check;
  ThresholdRole role = ThresholdRole::timed;
  Compare compare = Compare::at_least;
  std::string unit;
  double points = 0;                        // in effect (manifest, or the overrides graded with)
  std::optional<double> in_effect;          // the fixed `required`; for a gap rule: the bar the solution's run used
  std::optional<double> starter_bar;        // a gap rule: the bar the starter's run used
  std::optional<double> starter, solution;  // measured
  std::string starter_verdict, solution_verdict;
  std::optional<AllowedRange> range;  // when both sides were measured
  ProposalAction action = ProposalAction::not_measured;
  std::optional<double> proposed;        // set_required: the new `required`; set_close: the bar it gives
  std::optional<double> proposed_close;  // set_close
  std::string points_to;                 // mechanism_only: the check that takes the points
  std::string note;                      // why, in one or two short sentences
};

// One row per check that has a threshold (a fixed `required` or a gap rule), in manifest order.
// `starter` and `solution` are the labNN.json reports (memlab-report) of the two variants; a check
// missing from a report counts as not measured.
std::vector<ThresholdProposal> propose_thresholds(const Manifest& manifest, const nlohmann::json& starter,
                                                  const nlohmann::json& solution);

// The lab's entry of a thresholds-override file (docs/instructor-guide.md#overriding-thresholds):
// {"speedup_vs_starter": {"required": 1.4}, ...}; empty when nothing is proposed. A check whose
// points move (mechanism_only) gets "points": 0 and its counter check the sum it takes.
nlohmann::json lab_overrides(const Manifest& manifest, const std::vector<ThresholdProposal>& rows);

// True when some timed check (role timed or gap_rule) was measured for both variants.
bool anything_timed_measured(const std::vector<ThresholdProposal>& rows);

// ---- The calibration's report (calibration.md and the console) ----------------------------------

// One lab as calibrate graded it. A report is null when its grading did not end (`problem` says why).
struct LabCalibration {
  Manifest manifest;  // with the overrides graded with applied
  nlohmann::json starter_report, solution_report;
  std::string starter_problem, solution_problem;
  std::vector<ThresholdProposal> proposals;
};

struct CalibrationSummary {
  std::string command;     // the command line, for the reader who wants to run it again
  std::string thresholds;  // the overrides graded with, or ""
  std::vector<LabCalibration> labs;
};

// The verification table (lab, variant, check, verdict, measured, required, as expected: a starter
// passes correctness and fails performance and mechanism checks; a solution passes everything),
// then a line counting the unexpected verdicts and the checks skipped.
std::string verification_markdown(const std::vector<LabCalibration>& labs);
// The proposal table, with the rule above it; says so plainly when nothing timed was measured.
std::string proposal_markdown(const std::vector<LabCalibration>& labs);
// calibration.md: a heading, what was graded, both tables.
std::string calibration_markdown(const CalibrationSummary& summary);
// thresholds.json: {"04": {...}, ...}, the labs with a proposal only ({} when none has one).
nlohmann::json thresholds_file(const std::vector<LabCalibration>& labs);

}  // namespace memlab::course
