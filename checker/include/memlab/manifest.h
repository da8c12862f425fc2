#pragma once
// A lab's manifest (labs/NN-name/lab.json): the one source of truth for its checks and
// thresholds. The checker reads it, the handout quotes it, and an instructor overrides it
// with a file of their own instead of editing C++.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "memlab/gap_rule.h"
#include "memlab/verdict.h"

namespace memlab {

struct CheckSpec {
  std::string id;
  std::string suite;        // where it runs: cpu (anywhere), correctness, performance, mechanism (GPU)
  // What it grades: correctness, performance or mechanism. A cpu-suite check that proves the
  // lesson's mechanism through the bank model (e.g. "the column read is conflict-free") is of
  // kind mechanism: the starter is expected to fail it, like the counter checks.
  std::string kind;
  Compare compare = Compare::is_true;
  std::optional<double> required;
  std::string unit;         // "x", "fraction", "wavefronts/instruction", ...
  double points = 1;
  std::string description;  // what the check measures, one line
  std::string hint;         // what to look at when it fails
  std::string basis;        // the measurement the threshold rests on
  // A GPU check that confirms the value this check trusts (a pitch or a tree the student's code
  // declares) is the kernel's: when it fails, this check fails as "cannot be trusted".
  std::string confirmed_by;
  // A timed check judged against the gap the lesson can close on this GPU (memlab/gap_rule.h).
  // With a gap rule and no `required`, the required speedup comes from the rule.
  std::optional<GapRule> gap_rule;
};

struct Manifest {
  std::string number;       // "04"
  std::string name;         // "padding"
  std::string title;
  std::vector<std::string> student_files;
  std::vector<CheckSpec> checks;
  std::vector<std::string> overridden;  // ids whose values came from an instructor file

  const CheckSpec* find(const std::string& id) const;
  std::vector<const CheckSpec*> suite(const std::string& name) const;
};

// Throws std::runtime_error naming the file and the problem.
Manifest parse_manifest(const std::string& json_text, const std::string& origin);
Manifest load_manifest(const std::string& lab_dir);
// Overrides: {"04": {"speedup_vs_starter": {"required": 1.6, "points": 2}}}; a check with a gap
// rule also takes "close" and "reach".
void apply_overrides(Manifest& manifest, const std::string& json_text, const std::string& origin);

// "1.8x", "75 %", "1.1 wavefronts/instruction": how handouts and reports print a threshold.
std::string format_quantity(double value, const std::string& unit);

}  // namespace memlab
