#include "memlab/bilingual.h"
#include "judge_steps.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>

#include "memlab/build_status.h"
#include "memlab/check_text.h"
#include "child_process.h"
#include "containment.h"
#include "record_stream.h"
#include "scratch_folder.h"
#include "memlab/manifest.h"
#include "memlab/measurement_record.h"
#include "memlab/report.h"
#include "memlab/report_language.h"
#include "memlab/report_words.h"
#include "memlab/result_files.h"
#include "memlab/suite_judge.h"

namespace fs = std::filesystem;

namespace memlab {
namespace {

constexpr int kSkipExitCode = 77;
constexpr int kRecordFd = 3;  // the check program's record pipe

void write_or_throw(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  if (!write_file_atomically(p, text)) throw std::runtime_error("cannot write " + p.string());
}

std::string new_run_id() {
  std::random_device rd;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%08x%08x", rd(), rd());
  return buf;
}

std::vector<std::string> student_paths(const std::string& dir, const Manifest& m) {
  std::vector<std::string> paths;
  for (const auto& f : m.student_files) paths.push_back(dir + "/" + f);
  return paths;
}

std::string files_list(const Manifest& m) {
  std::string s;
  for (size_t i = 0; i < m.student_files.size(); ++i) s += (i ? ", " : "") + m.student_files[i];
  return s;
}

std::string previous_answers_path(const std::string& answers) {
  return (fs::path(answers).parent_path() / "answers.previous.jsonl").string();
}

// What the student's host code printed in the recorder during this grading: the "output" lines
// of the answer file (written by the course's check program), cut to 4 KB.
std::string recorder_printed(const std::string& answers) {
  constexpr std::size_t kMax = 4096;
  std::ifstream in(answers);
  std::string line, printed;
  while (std::getline(in, line) && printed.size() < kMax) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object() && j.contains("output") && j["output"].is_string()) printed += j["output"].get<std::string>();
  }
  return printed.substr(0, kMax);
}

fs::path build_status_path(const JudgeOptions& o, const Manifest& m) {
  return fs::path(o.results_dir) / ("lab" + m.number + ".build.json");
}

// The manifest as this build grades it: lab.json plus the configure-time overrides, if any.
// `applied` says which file (and its hash) for the report.
Manifest graded_manifest(const JudgeOptions& o, std::string& applied) {
  Manifest m = load_manifest(o.lab_dir);
  applied = bilingual("none (the manifest's own thresholds)", "无（使用清单 lab.json 自己的阈值）");
  if (!o.thresholds.empty()) {
    const std::string text = read_text_file(o.thresholds);
    apply_overrides(m, text, o.thresholds);
    applied = o.thresholds + " (" + hash_files({o.thresholds}) + ")";
  }
  return m;
}

// ---- The build step ----------------------------------------------------------------------

// A new grading: every question to the student's code is asked again, once. The questions of the
// last grading are kept (answers.previous.jsonl): the check program asks for all of their plans in
// its first recorder run, so that CUDA starts once per grading, not once per call.
void start_new_answer_file(const std::string& answers) {
  if (answers.empty()) return;
  fs::create_directories(fs::path(answers).parent_path());
  std::error_code ec;
  if (fs::exists(answers)) fs::rename(answers, previous_answers_path(answers), ec);
  fs::remove(answers, ec);
}

// Nothing to compile: the submission could not even be put together. Every check fails with this
// reason, and the report says it.
int record_unbuildable(const JudgeOptions& o, const Manifest& m, BuildStatus& status) {
  status.unbuildable = o.not_built;
  write_or_throw(status.log, o.not_built + "\n");
  write_or_throw(build_status_path(o, m), to_json(status));
  std::cout << "Lab " << m.number << ": not built: " << o.not_built << "\n";
  return 0;
}

// cmake --build for the check program's targets, its output in `log` and on the console.
ChildResult run_cmake_build(const JudgeOptions& o, const std::string& log) {
  std::vector<std::string> argv{o.cmake, "--build", o.binary_dir};
  for (const auto& t : o.targets) argv.insert(argv.end(), {"--target", t});
  ChildOptions co;
  co.deadline_s = 1500;
  co.output_file = log;
  co.echo_output = true;
  const ChildResult built = run_child(argv, co, [](const std::string&) {});
  if (!built.started) throw std::runtime_error("cannot run cmake: " + std::string(english_part(built.start_error)));
  return built;
}

// What memlab-contract wrote, if it ran: that it checked the files, and what they break.
void read_contract_result(const std::string& path, BuildStatus& status) {
  if (!fs::exists(path)) return;
  const auto j = nlohmann::json::parse(read_text_file(path), nullptr, false);
  if (!j.is_object() || !j.contains("violations") || !j["violations"].is_array()) return;
  status.contract_checked = true;
  for (const auto& v : j["violations"])
    if (v.is_string()) status.violations.push_back(v.get<std::string>());
  if (j.value("ok", false) == false && status.violations.empty())
    status.violations.push_back(
        join_bilingual({bilingual("the contract check could not decide: ", "提交约定的检查无法作出判断："),
                        j.value("error", bilingual("no reason", "没有给出原因"))}));
}

// Why a build without a contract violation failed: the compiler's first errors, after what the
// log cannot say (a build that never finished, a contract that was never checked).
void record_build_errors(const ChildResult& built, BuildStatus& status) {
  status.errors = first_errors(read_text_file(status.log));
  if (built.timed_out)
    status.errors.insert(status.errors.begin(),
                         bilingual("the build did not finish within 1500 s", "构建没有在 1500 s 内完成"));
  if (built.exit_code == 0 && !status.contract_checked)
    status.errors.insert(status.errors.begin(), bilingual("the submission contract was not checked (no result)",
                                                          "没有检查提交约定（没有结果）"));
}

void print_build_outcome(const Manifest& m, const BuildStatus& status) {
  if (status.ok) {
    std::cout << "Lab " << m.number << ": " << files_list(m) << " compiled; submission contract: pass\n";
  } else {
    // The console lines of this step are English; the report gives the reason in the reader's language.
    std::cout << "Lab " << m.number << ": " << memlab::english_part(status.reason()) << "\n"
              << "Every check of lab " << m.number << " fails until this is fixed; the report says so.\n";
  }
}

// ---- The suite step ----------------------------------------------------------------------

// One suite's step: runs the lab's check program contained, reads its records, decides every
// check's verdict and writes the suite's report part, whatever way the program ends.
class SuiteStep {
 public:
  explicit SuiteStep(const JudgeOptions& o);
  int run();

 private:
  std::optional<std::string> why_not_graded();
  std::vector<std::string> check_program_argv(ScratchFolder& scratch) const;
  ChildOptions check_program_options(const ScratchFolder& scratch, const Containment& containment) const;
  void judge(const ChildResult& run, const RecordsRead& records);
  void distrust_a_bad_ending(const ChildResult& run);
  void print(std::vector<CheckResult> rows) const;
  int finish_with_verdicts();
  int finish(int code);
  int fail_all(const std::string& reason);

  const JudgeOptions& o_;
  Manifest m_;
  std::string manifest_error_;  // the thresholds file is malformed: nothing is graded
  ReportPart part_;
  Language language_ = Language::en;
};

SuiteStep::SuiteStep(const JudgeOptions& o) : o_(o) {
  std::string thresholds_applied;
  try {
    m_ = graded_manifest(o, thresholds_applied);
  } catch (const std::exception& e) {
    // A bad overrides file must not grade with the wrong thresholds: every check fails, saying why.
    manifest_error_ = e.what();
    m_ = load_manifest(o.lab_dir);
    thresholds_applied = bilingual(o.thresholds + " (unreadable)", o.thresholds + "（无法读取）");
  }
  part_.lab = m_.number;
  part_.suite = o.suite;
  part_.variant = o.variant;
  part_.student_dir = o.student_dir;
  part_.thresholds = thresholds_applied;
  part_.tree_commit = o.tree_commit;
  part_.student_hash = hash_files(student_paths(o.student_dir, m_));
  std::cout << "Lab " << m_.number << " (" << m_.title << "), " << o.suite << " checks of " << o.variant << " files "
            << files_list(m_) << " in " << o.student_dir << "\n";
  // The console's lines in the report's language; the part itself keeps the manifest's English,
  // which memlab-report puts in the language of its own run.
  language_ = report_language(std::cerr);
}

int SuiteStep::run() {
  if (const auto reason = why_not_graded()) return fail_all(*reason);
  // The check program writes only here (its artifacts, temporary files): never in the results,
  // the build tree or the course's files. The judge copies the artifacts out after it ended.
  ScratchFolder scratch("memlab-lab" + m_.number + "-" + o_.suite);
  const std::vector<std::string> argv = check_program_argv(scratch);
  // The check program runs none of the student's host code (the recorder, its child, does), but
  // it stays contained: it may write its scratch folder and the grading's answer file.
  std::vector<std::string> writable{scratch.path()};
  if (!o_.answers.empty()) writable.push_back(fs::path(o_.answers).parent_path().string());
  ContainmentProfile profile;
  profile.children_proc = true;  // the recorder, its child, starts CUDA
  const Containment containment(writable, profile);
  part_.contained = true;
  part_.landlock_abi = containment.support().landlock_abi;
  part_.seccomp = containment.support().seccomp;

  RecordStream records(m_, o_.suite);
  const ChildResult run = run_child(argv, check_program_options(scratch, containment),
                                    [&records](const std::string& line) { records.read(line); });
  judge(run, records.records());
  // Only now, with every process of the step ended, are its files read.
  scratch.copy_outputs(o_.results_dir, "lab" + m_.number + ".");
  if (!o_.answers.empty()) part_.printed = recorder_printed(o_.answers);
  distrust_a_bad_ending(run);
  return finish_with_verdicts();
}

// Why nothing of the suite is graded (no build in this run, a malformed thresholds file, a failed
// build, files changed since they were built), or nothing.
std::optional<std::string> SuiteStep::why_not_graded() {
  BuildStatus build;
  try {
    build = build_status_from_json(read_text_file(build_status_path(o_, m_)));
  } catch (const std::exception& e) {
    return bilingual("not graded: lab" + m_.number + ".build did not run in this ctest run (" + e.what() + ")",
                     "未评分：本次 ctest 运行中没有运行 lab" + m_.number + ".build（" + e.what() + "）");
  }
  part_.run_id = build.run_id;
  if (!manifest_error_.empty())
    return join_bilingual({bilingual("the thresholds file is malformed: ", "阈值文件的格式不对："), manifest_error_});
  if (!build.ok) return build.reason();
  if (build.student_hash != part_.student_hash)
    return bilingual("your files changed after they were built: run ctest again to build and grade them",
                     "你的文件在构建之后又改动过：再运行一次 ctest，重新构建并评分");
  return std::nullopt;
}

std::vector<std::string> SuiteStep::check_program_argv(ScratchFolder& scratch) const {
  std::vector<std::string> argv{
      o_.program, "--lab-dir", o_.lab_dir, "--results-dir", scratch.path(),           "--suite",
      o_.suite,   "--variant", o_.variant, "--record-fd",   std::to_string(kRecordFd)};
  if (!o_.thresholds.empty()) argv.insert(argv.end(), {"--thresholds", o_.thresholds});
  if (!o_.answers.empty()) argv.insert(argv.end(), {"--answers", o_.answers, "--recorder", o_.recorder});
  for (const auto& code : o_.device_code) argv.insert(argv.end(), {"--device-code", code});
  if (const char* seed = std::getenv("MEMLAB_SEED")) argv.insert(argv.end(), {"--seed", seed});
  const std::vector<std::string> passthrough = scratch.redirect_outputs(o_.passthrough);
  argv.insert(argv.end(), passthrough.begin(), passthrough.end());
  return argv;
}

ChildOptions SuiteStep::check_program_options(const ScratchFolder& scratch, const Containment& containment) const {
  ChildOptions co;
  co.deadline_s = o_.deadline_s;
  co.record_fd = kRecordFd;
  co.max_line_bytes = kMaxRecordBytes;
  co.containment = &containment;
  co.environment = {"TMPDIR=" + scratch.path()};
  co.end_leftovers = true;
  return co;
}

// The verdicts, from the manifest, the records and how the program ended.
void SuiteStep::judge(const ChildResult& run, const RecordsRead& records) {
  part_.seed = records.seed;
  part_.environment = records.environment;
  ProgramEnding ending;
  ending.deadline_s = o_.deadline_s;
  ending.sent_end = records.sent_end;
  ending.fatal = records.fatal;
  ending.protocol_errors = records.protocol_errors;
  ending.ran = run.started;
  ending.start_error = run.start_error;
  ending.timed_out = run.timed_out;
  ending.exit_code = run.exit_code;
  ending.signal = run.signal;
  part_.ending = ending_reason(ending);
  part_.checks = judge_suite(m_, o_.suite, records.checks, ending);
}

// A program that could not be contained did not run; one that left a process behind could change
// what later steps read. Either way the step's records are not trusted, whatever they say.
void SuiteStep::distrust_a_bad_ending(const ChildResult& run) {
  if (!run.containment_error.empty()) {
    part_.ending = run.containment_error;
    part_.checks =
        fail_suite(m_, o_.suite, join_bilingual({bilingual("not graded: ", "未评分："), run.containment_error}));
  } else if (!run.left_behind.empty()) {
    part_.left_behind = describe(run.left_behind);
    part_.checks = fail_suite(m_, o_.suite, left_behind_text(part_.left_behind, Language::en));
  }
}

void SuiteStep::print(std::vector<CheckResult> rows) const {
  translate_rows(rows, m_, language_);
  if (!part_.left_behind.empty())
    for (auto& r : rows) r.detail = left_behind_text(part_.left_behind, language_);
  for (const auto& c : rows) std::cout << console_line(c, language_) << "\n";
}

int SuiteStep::finish_with_verdicts() {
  std::cout << o_.suite << " verdicts (decided from lab.json" << (o_.thresholds.empty() ? "" : " and " + o_.thresholds)
            << "):\n";
  bool all_skipped = !part_.checks.empty(), all_passed = true;
  print(part_.checks);
  for (const auto& c : part_.checks) {
    if (c.verdict != Verdict::skip) all_skipped = false;
    if (c.verdict != Verdict::pass && c.verdict != Verdict::skip) all_passed = false;
  }
  if (!part_.ending.empty()) std::cout << "the check program: " << in_language(part_.ending, language_) << "\n";
  std::cout << containment_text(true, part_.landlock_abi, part_.seccomp, language_) << "\n";
  if (all_skipped) return finish(kSkipExitCode);
  return finish(all_passed ? 0 : 1);
}

// Writes the report part; the exit status of the step.
int SuiteStep::finish(int code) {
  write_or_throw(fs::path(o_.results_dir) / "parts" / ("lab" + m_.number + "." + o_.suite + ".json"),
                 to_json(part_) + "\n");
  return o_.verdicts_in_report && code == 1 ? 0 : code;
}

int SuiteStep::fail_all(const std::string& reason) {
  part_.checks = fail_suite(m_, o_.suite, reason);
  print(part_.checks);
  return finish(1);
}

}  // namespace

int run_build_step(const JudgeOptions& o) {
  const Manifest m = load_manifest(o.lab_dir);
  const fs::path results(o.results_dir);
  fs::create_directories(results / "parts");
  // The lab's results of an earlier run are already gone: its labNN.clear test runs first
  // (cmake/MemlabClearResults.cmake). The contract result lives in the build tree, not there.
  if (!o.contract_result.empty()) fs::remove(o.contract_result);
  start_new_answer_file(o.answers);

  BuildStatus status;
  status.run_id = new_run_id();
  status.student_hash = hash_files(student_paths(o.student_dir, m));
  status.log = (results / ("lab" + m.number + ".build.log")).string();
  if (!o.not_built.empty()) return record_unbuildable(o, m, status);
  if (o.cmake.empty() || o.binary_dir.empty() || o.targets.empty() || o.contract_result.empty())
    throw std::runtime_error("build needs --cmake, --binary-dir, --target and --contract-result (or --not-built)");
  std::cout << "Lab " << m.number << ": building " << files_list(m) << " from " << o.student_dir << "\n";

  const ChildResult built = run_cmake_build(o, status.log);
  read_contract_result(o.contract_result, status);
  status.ok = built.exit_code == 0 && !built.timed_out && status.contract_checked && status.violations.empty();
  if (!status.ok && status.violations.empty()) record_build_errors(built, status);
  write_or_throw(build_status_path(o, m), to_json(status));
  print_build_outcome(m, status);
  return 0;
}

int run_suite_step(const JudgeOptions& o) {
  // Whatever the check program starts comes back to this process when it is orphaned, and is
  // ended with the step (run_child's end_leftovers).
  become_subreaper();
  return SuiteStep(o).run();
}

}  // namespace memlab
