// memlab-judge: the grading steps that run no student code.
//   memlab-judge build ...   compiles a lab's student files (the recorder's link, behind the
//                            submission contract), starts a new grading's answer file and
//                            records what happened in labNN.build.json
//   memlab-judge suite ...   runs a lab's check program for one suite, collects its measurement
//                            records, decides every check's verdict from the manifest and writes
//                            the suite's report part, whatever way the program ends
// Thresholds come only from --thresholds (the build's MEMLAB_THRESHOLDS); the check program's
// environment has no say in a verdict.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "judge_steps.h"
#include "memlab/suites.h"

int main(int argc, char** argv) {
  CLI::App app{"CUDA Memory Labs: build and judge a lab's checks outside the process that runs student code"};
  app.require_subcommand(1);
  memlab::JudgeOptions o;
  auto common = [&o](CLI::App* sub) {
    sub->add_option("--lab-dir", o.lab_dir, "the lab's folder (holds lab.json)")
        ->required()
        ->check(CLI::ExistingDirectory);
    sub->add_option("--results-dir", o.results_dir, "where report parts and reports are written")->required();
    sub->add_option("--student-dir", o.student_dir, "the folder of the student's files")->required();
    sub->add_option("--variant", o.variant, "starter, solution, submission or wrong (for the report)");
    sub->add_option("--thresholds", o.thresholds, "the instructor's overrides file (the build's MEMLAB_THRESHOLDS)");
    sub->add_option("--tree-commit", o.tree_commit, "the grading tree's commit (for the report)");
    sub->add_option("--answers", o.answers, "the grading's answer file (the recorder's answers)");
  };
  CLI::App* build = app.add_subcommand("build", "compile the student's files, check the contract, link");
  common(build);
  build->add_option("--cmake", o.cmake, "the cmake executable");
  build->add_option("--binary-dir", o.binary_dir, "the build tree");
  build->add_option("--target", o.targets, "the check program's target");
  build->add_option("--contract-result", o.contract_result, "where memlab-contract writes its verdict");
  build->add_option("--not-built", o.not_built,
                    "nothing to build: record this reason (a missing or ambiguous file) as the build's error");

  CLI::App* suite = app.add_subcommand("suite", "run one suite's check program and judge its checks");
  common(suite);
  suite->add_option("--suite", o.suite, memlab::suites_in_words())
      ->required()
      ->check(CLI::IsMember(memlab::suite_names()));
  suite->add_option("--program", o.program, "the lab's check program")->required();
  suite->add_option("--recorder", o.recorder, "the recorder: the program that runs the student's host code");
  suite->add_option("--device-code", o.device_code, "the student's device code (a .fatbin per .cu file)");
  suite->add_option("--deadline", o.deadline_s, "seconds the check program may run before it is ended")
      ->check(CLI::PositiveNumber);
  suite->add_flag("--verdicts-in-report", o.verdicts_in_report,
                  "exit 0 whatever the verdicts (a known-wrong submission: its report step checks them)");
  suite->add_option("passthrough", o.passthrough, "options for the check program (after --)");
  CLI11_PARSE(app, argc, argv);
  try {
    if (build->parsed()) return memlab::run_build_step(o);
    return memlab::run_suite_step(o);
  } catch (const std::exception& e) {
    std::cerr << "memlab-judge: " << e.what() << "\n";
    return 2;
  }
}
