#include "report_text.h"

#include <sstream>

namespace memlab {
namespace {

std::string points_text(const CheckResult& c) {
  std::ostringstream out;
  out << c.points << "/" << c.max_points << (c.max_points == 1 ? " point" : " points");
  return out.str();
}

bool needs_gpu_skip(const CheckResult& c) {
  return c.verdict == Verdict::skip && c.detail.rfind("needs a CUDA GPU", 0) == 0;
}

}  // namespace

std::string check_lines(const std::vector<CheckResult>& rows, const std::string& build_failure) {
  std::ostringstream out;
  std::string last_suite, last_skip_reason;
  for (const auto& c : rows) {
    if (c.suite != last_suite) out << c.suite << ":\n";
    last_suite = c.suite;
    CheckResult shown = c;
    const bool same_reason = c.verdict == Verdict::skip && !c.detail.empty() && c.detail == last_skip_reason;
    if (same_reason) shown.detail.clear();
    const bool not_built = !build_failure.empty() && c.suite != "build" && c.detail == build_failure;
    if (not_built) {
      shown.detail.clear();
      shown.hint.clear();
    }
    last_skip_reason = c.verdict == Verdict::skip ? c.detail : "";
    std::string line = console_line(shown);
    // The points go at the end of the first line (the build row has none: it gates every check).
    std::string tail = c.suite == "build" ? "" : "  [" + points_text(c) + "]";
    if (same_reason) tail += " (skipped: same reason as above)";
    if (not_built) tail += " (not graded: see submission_contract)";
    const auto eol = line.find('\n');
    line.insert(eol == std::string::npos ? line.size() : eol, tail);
    out << line << "\n";
  }
  return out.str();
}

std::string next_step(const std::vector<CheckResult>& rows) {
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
    text =
        "your files were not graded: fix what submission_contract says above (the compiler's first errors, or the "
        "contract's violations), then run ctest again.";
  } else if (first_correctness_fail) {
    text = "start with " + first_correctness_fail->id +
           ": it failed, and speed or counters mean little while the "
           "result is wrong. Read its hint above, change your files, run ctest again.";
  } else if (first_fail) {
    text = first_fail->id + " " + (first_fail->verdict == Verdict::fail ? "failed" : "could not decide") +
           ": read its line and hint above, change your files, run ctest again.";
  } else if (!gpu_skipped) {
    text = "every check that ran passed.";
  }
  if (gpu_skipped && !build_failed)
    text += text.empty() ? "the skipped checks need a CUDA GPU: on a machine with one, the same two commands grade "
                           "them (docs/setup.md)."
                         : " The skipped checks need a CUDA GPU: on a machine with one, the same two commands grade "
                           "them (docs/setup.md).";
  return text;
}

}  // namespace memlab
