#pragma once
#include <string>
#include <vector>

namespace memlab {

struct JudgeOptions {
  std::string lab_dir, results_dir, student_dir, variant = "starter", thresholds, tree_commit;
  std::string answers;  // the grading's answer file: emptied by the build step, shared by its suites
  // build
  std::string cmake, binary_dir, contract_result;
  std::vector<std::string> targets;
  std::string not_built;  // why there is nothing to build (a missing or ambiguous file): recorded as the build's error
  // suite
  std::string suite, program, recorder;
  std::vector<std::string> device_code;
  double deadline_s = 600;
  bool verdicts_in_report = false;
  std::vector<std::string> passthrough;
};

// Exit status 0 when the step did its job (a student's compile error is recorded, not fatal).
int run_build_step(const JudgeOptions& o);
// Exit status 0 all passed, 77 all skipped, 1 anything else (a part is written in every case).
int run_suite_step(const JudgeOptions& o);

}  // namespace memlab
