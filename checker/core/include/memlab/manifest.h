#pragma once
// A lab's manifest (labs/NN-name/lab.json): the one source of truth for its checks and
// thresholds. The checker reads it, the handout quotes it, and an instructor overrides it
// with a file of their own instead of editing C++.
//
// One reader (manifest.cpp, nlohmann::json from_json overloads in memlab/manifest_json.h) serves
// every C++ user: the check programs, memlab-judge, memlab-report, memlab-course,
// memlab-portability, memlab-lab-header and memlab-site. The format:
//
//   {"number": "03", "name": "stride-sweep", "title": "...", "summary": "...",  // summary optional
//    "student_files": ["sweep.cu"],
//    "parameters": {"max_stride": 64, "mixed_elements": 1048613},              // optional
//    "checks": [{"id": "every_stride_exact",             // a C++ name: lab::check::every_stride_exact
//                "suite": "correctness",                 // where it runs: cpu or a GPU suite (memlab/suites.h)
//                "kind": "correctness",                  // what it grades: correctness, performance, mechanism
//                "gpu": true,                            // needs a GPU; false exactly for suite cpu
//                "description": "strides 1..{max_stride}: ...",   // {name}: a parameter's value
//                "proves": "every stride's sum is exact",          // a few words: the course's tables
//                "compare", "required", "unit", "points", "hint", "basis", "confirmed_by", "gap_rule",
//                "zh": {"description": "...", "proves": "...", "hint": "..."}}],  // optional: Chinese
//    "zh": {"title": "...", "summary": "..."},                         // optional
//    "retired_checks": [{"id": "old_id", "replaced_by": "new_id"},      // optional
//                       {"id": "gone_id", "reason": "...", "zh": {"reason": "..."}}]}
//
// "kind" and "gpu" are written out for every check, so that nobody has to know a default to read
// a lab.json. "proves" says in a few words what passing the check proves; the handout's and the
// deck's tables of checks are generated from it and the description (memlab-site check-tables),
// so each text is written once, here. A parameter is a number the lab's checker code uses (a size, a stride, a count);
// the build turns each into a constant (lab::param::<name>, memlab-lab-header) and the reader puts
// its value wherever a description, hint or basis writes {name}, so the text cannot disagree with
// the code. An unknown {name} is an error. Integers are written without decimals.
//
// "retired_checks" names check ids the lab no longer has and the check that took each one's place,
// so that an instructor's overrides file written for an older lab.json fails with a message that
// names the replacement, not only "no check named ...". A retired id may not be a check's id, and
// its replacement must be one. A check that left the lab's grading without a replacement (it
// tested the course's own code, and is now one of the course's own tests) has a "reason" instead,
// in English and in Chinese ("zh"), which that message gives.
//
// "zh" holds the student-facing text in Simplified Chinese beside the English: a check's
// description, proves and hint (proves and hint only where the English has them; the Chinese
// pages' tables need proves), the lab's title and summary
// (a summary only where the English has one). A report in Chinese (memlab/report_language.h)
// prints them, and the English where a check has none. Their {name}s are substituted as above.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "memlab/gap_rule.h"
#include "memlab/verdict.h"

namespace memlab {

// A number of a lab's "parameters". `integer`: written without a fraction in lab.json, so the
// generated constant is an integer type.
struct Parameter {
  double value = 0;
  bool integer = false;
  long long integer_value = 0;  // the exact value when `integer`
};

// A check's text in Simplified Chinese ("zh"); empty where lab.json has none.
struct CheckText {
  std::string description;
  std::string hint;
  std::string proves;
};

// A lab's title and summary in Simplified Chinese ("zh"); empty where lab.json has none.
struct LabText {
  std::string title;
  std::string summary;
};

struct CheckSpec {
  std::string id;
  std::string suite;  // where it runs: cpu (anywhere), correctness, performance, mechanism (GPU)
  bool gpu = false;   // whether it needs a GPU: exactly the checks of the GPU suites
  // What it grades: correctness, performance or mechanism. A cpu-suite check that proves the
  // lesson's mechanism through the bank model (e.g. "the column read is conflict-free") is of
  // kind mechanism: the starter is expected to fail it, like the counter checks.
  std::string kind;
  Compare compare = Compare::is_true;
  std::optional<double> required;
  std::string unit;  // "x", "fraction", "wavefronts/instruction", ...
  double points = 1;
  std::string description;  // what the check measures, one line
  std::string proves;       // what passing it proves, a few words (the handout's and the deck's tables)
  std::string hint;         // what to look at when it fails
  std::string basis;        // the measurement the threshold rests on
  // A GPU check that confirms the value this check trusts (a pitch or a tree the student's code
  // declares) is the kernel's: when it fails, this check fails as "cannot be trusted".
  std::string confirmed_by;
  // A timed check judged against the gap the lesson can close on this GPU (memlab/gap_rule.h).
  // With a gap rule and no `required`, the required speedup comes from the rule.
  std::optional<GapRule> gap_rule;
  CheckText zh;  // the description and hint in Simplified Chinese
};

// A check id the lab no longer has ("retired_checks"): the check that replaced it, or why it went.
struct RetiredCheck {
  std::string id;
  std::string replaced_by;  // empty when the check went without a replacement
  std::string reason;       // why it went, where no check replaced it ("reason")
  std::string reason_zh;    // the same in Simplified Chinese ("zh": {"reason"})
};

struct Manifest {
  std::string number;  // "04"
  std::string name;    // "padding"
  std::string title;
  std::string summary;  // what the student learns, one line (the course's lab tables)
  LabText zh;           // the title and summary in Simplified Chinese
  std::vector<std::string> student_files;
  std::map<std::string, Parameter> parameters;  // "parameters", by name
  std::vector<CheckSpec> checks;
  std::vector<RetiredCheck> retired;    // "retired_checks"
  std::vector<std::string> overridden;  // ids whose values came from an instructor file

  const CheckSpec* find(const std::string& id) const;
  std::vector<const CheckSpec*> suite(const std::string& name) const;
};

// What the reader asks of a manifest.
enum class ManifestUse {
  // Grading (every tool but the site): every field grading needs, as the format above says, and
  // "proves", so that a lab.json that builds also gives the course's tables their text.
  grading,
  // Quoting (memlab-site): the course text quotes thresholds and descriptions, so a manifest
  // may leave out what only grading needs (name, title, student_files, checks, and a check's
  // suite, kind, gpu, description and proves; an absent kind is read as the suite's own, correctness for
  // cpu). Whatever it holds is read and checked as for grading.
  quoting,
};

// Throws std::runtime_error naming the file (`origin`; left out when empty), the check and the
// problem.
Manifest parse_manifest(const std::string& json_text, const std::string& origin,
                        ManifestUse use = ManifestUse::grading);
Manifest load_manifest(const std::string& lab_dir);

// `text` with every {name} replaced by the parameter's value (parameter_text); throws
// std::runtime_error for a name that is not a parameter, or a "{" that opens no {name}.
std::string substitute_parameters(const std::string& text, const std::map<std::string, Parameter>& parameters);
// "262144" for an integer or an integral value, the shortest exact decimal otherwise ("0.05").
std::string parameter_text(const Parameter& parameter);
// Overrides: {"04": {"speedup_vs_starter": {"required": 1.6, "points": 2}}}; a check with a gap
// rule also takes "close" and "reach". A check id the lab does not have is an error; one of its
// retired_checks gets an error, in English and Chinese, that names its replacement or its reason.
void apply_overrides(Manifest& manifest, const std::string& json_text, const std::string& origin);

// "1.8x", "75 %", "1.1 wavefronts/instruction": how handouts and reports print a threshold.
std::string format_quantity(double value, const std::string& unit);
// A unit of lab.json ("sectors/request") as the Chinese report writes it ("个扇区/请求").
std::string unit_in_chinese(const std::string& unit);

}  // namespace memlab
