#include "report_text.h"

#include <sstream>

#include "memlab/report_words.h"

namespace memlab {
namespace {

std::string points_text(const CheckResult& c, const ReportWords& w) {
  return fill(w.points_of.of(c.max_points), fmt::arg("points", count_text(c.points)),
              fmt::arg("max", count_text(c.max_points)));
}

// The judge's skip for a machine without a GPU, in the language the row is in by now (it was
// written in both: judge_steps.cpp).
bool needs_gpu_skip(const CheckResult& c) {
  return c.verdict == Verdict::skip &&
         (c.detail.rfind("needs a CUDA GPU", 0) == 0 || c.detail.rfind("需要 CUDA GPU", 0) == 0);
}

}  // namespace

std::string check_lines(const std::vector<CheckResult>& rows, const std::string& build_failure, Language language) {
  const ReportWords& w = report_words(language);
  std::ostringstream out;
  std::string last_suite, last_skip_reason;
  for (const auto& c : rows) {
    if (c.suite != last_suite) out << fill(w.suite_heading, fmt::arg("suite", c.suite)) << "\n";
    last_suite = c.suite;
    CheckResult shown = c;
    const bool same_reason = c.verdict == Verdict::skip && !c.detail.empty() && c.detail == last_skip_reason;
    if (same_reason) shown.detail.clear();
    const bool not_built = !build_failure.empty() && c.suite != "build" && c.detail == build_failure;
    if (not_built) {
      shown.detail.clear();
      shown.description.clear();
      shown.hint.clear();
    }
    last_skip_reason = c.verdict == Verdict::skip ? c.detail : "";
    std::string line = console_line(shown, language);
    // The points go at the end of the first line (the build row has none: it gates every check).
    std::string tail = c.suite == "build" ? "" : "  [" + points_text(c, w) + "]";
    if (same_reason) tail += w.same_skip_reason;
    if (not_built) tail += w.not_graded_see_contract;
    const auto eol = line.find('\n');
    line.insert(eol == std::string::npos ? line.size() : eol, tail);
    out << line << "\n";
  }
  return out.str();
}

std::string next_step(const std::vector<CheckResult>& rows, Language language) {
  const ReportWords& w = report_words(language);
  const CheckResult* first_fail = nullptr;
  const CheckResult* first_correctness_fail = nullptr;
  bool build_failed = false, gpu_skipped = false;
  for (const auto& c : rows) {
    const bool failed = c.verdict == Verdict::fail || c.verdict == Verdict::inconclusive;
    if (c.id == "submission_contract" && c.verdict == Verdict::fail) build_failed = true;
    if (failed && !first_fail) first_fail = &c;
    if (failed && c.kind == "correctness" && !first_correctness_fail) first_correctness_fail = &c;
    if (needs_gpu_skip(c)) gpu_skipped = true;
  }
  std::string text;
  if (build_failed) {
    text = w.next_fix_build;
  } else if (first_correctness_fail) {
    text = fill(w.next_correctness_first, fmt::arg("id", first_correctness_fail->id));
  } else if (first_fail) {
    text =
        fill(first_fail->verdict == Verdict::fail ? w.next_failed : w.next_undecided, fmt::arg("id", first_fail->id));
  } else if (!gpu_skipped) {
    text = w.next_all_passed;
  }
  if (gpu_skipped && !build_failed) text += text.empty() ? w.next_gpu_alone : w.next_gpu_after;
  return text;
}

}  // namespace memlab
