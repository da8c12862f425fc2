#pragma once
// What a check program (which runs student code) tells the judge (which does not): one line of
// JSON per record on a pipe the judge opened. A check program only measures; whether a check
// passes is decided by the judge from the manifest, so a record carries a measurement, never a
// verdict.
//
//   {"record":"start","suite":"performance","seed":"0x1f","environment":"H200 ..."}
//   {"record":"check","id":"speedup_vs_starter","outcome":"value","value":1.99,"low":1.98,...}
//   {"record":"fatal","reason":"transpose 8192x8192 did not finish within 30 s"}
//   {"record":"end"}
#include <optional>
#include <string>

#include "memlab/gap_rule.h"
#include "memlab/verdict.h"

namespace memlab {

// How a check's measurement came out. `value` and `flag` are judged against the manifest's
// threshold; `failed` and `skipped` carry only a reason.
enum class Outcome { value, flag, failed, skipped };

struct MeasurementRecord {
  enum class Kind { start, check, fatal, end } kind = Kind::check;
  // start
  std::string suite, seed, environment, skip_reason;  // skip_reason: the whole suite cannot run here
  // check
  std::string id;
  Outcome outcome = Outcome::failed;
  Estimate estimate;          // for value; value 1/0 for flag
  std::string measured_text;  // how the program describes the value
  std::string doubt;          // why the measurement is in doubt (noise, other processes), or empty
  std::string detail;         // the reason for failed/skipped, or a flag's detail
  // For a check with a gap rule: the starter's and the target's times measured in this run;
  // the judge decides from them whether time grades the check and what it requires.
  std::optional<GapMeasurement> gap;
  // fatal
  std::string reason;
};

std::string to_line(const MeasurementRecord& r);
// Throws std::runtime_error with what is wrong when the line is not a well-formed record.
MeasurementRecord record_from_line(const std::string& line);

}  // namespace memlab
