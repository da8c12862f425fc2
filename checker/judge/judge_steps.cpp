#include "memlab/bilingual.h"
#include "judge_steps.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "memlab/build_status.h"
#include "memlab/check_text.h"
#include "child_process.h"
#include "containment.h"
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

}  // namespace

int run_build_step(const JudgeOptions& o) {
  const Manifest m = load_manifest(o.lab_dir);
  const fs::path results(o.results_dir);
  fs::create_directories(results / "parts");
  // The lab's results of an earlier run are already gone: its labNN.clear test runs first
  // (cmake/MemlabClearResults.cmake). The contract result lives in the build tree, not there.
  if (!o.contract_result.empty()) fs::remove(o.contract_result);
  // A new grading: every question to the student's code is asked again, once. The questions of
  // the last grading are kept (answers.previous.jsonl): the check program asks for all of their
  // plans in its first recorder run, so that CUDA starts once per grading, not once per call.
  if (!o.answers.empty()) {
    fs::create_directories(fs::path(o.answers).parent_path());
    std::error_code ec;
    if (fs::exists(o.answers)) fs::rename(o.answers, previous_answers_path(o.answers), ec);
    fs::remove(o.answers, ec);
  }

  BuildStatus status;
  status.run_id = new_run_id();
  status.student_hash = hash_files(student_paths(o.student_dir, m));
  status.log = (results / ("lab" + m.number + ".build.log")).string();
  if (!o.not_built.empty()) {
    // Nothing to compile: the submission could not even be put together. Every check fails
    // with this reason, and the report says it.
    status.unbuildable = o.not_built;
    write_or_throw(status.log, o.not_built + "\n");
    write_or_throw(build_status_path(o, m), to_json(status));
    std::cout << "Lab " << m.number << ": not built: " << o.not_built << "\n";
    return 0;
  }
  if (o.cmake.empty() || o.binary_dir.empty() || o.targets.empty() || o.contract_result.empty())
    throw std::runtime_error("build needs --cmake, --binary-dir, --target and --contract-result (or --not-built)");
  std::cout << "Lab " << m.number << ": building " << files_list(m) << " from " << o.student_dir << "\n";

  std::vector<std::string> argv{o.cmake, "--build", o.binary_dir};
  for (const auto& t : o.targets) {
    argv.push_back("--target");
    argv.push_back(t);
  }
  ChildOptions co;
  co.deadline_s = 1500;
  co.output_file = status.log;
  co.echo_output = true;
  const ChildResult built = run_child(argv, co, [](const std::string&) {});
  if (!built.started) throw std::runtime_error("cannot run cmake: " + std::string(english_part(built.start_error)));

  if (fs::exists(o.contract_result)) {
    const auto j = nlohmann::json::parse(read_text_file(o.contract_result), nullptr, false);
    if (j.is_object() && j.contains("violations") && j["violations"].is_array()) {
      status.contract_checked = true;
      for (const auto& v : j["violations"])
        if (v.is_string()) status.violations.push_back(v.get<std::string>());
      if (j.value("ok", false) == false && status.violations.empty())
        status.violations.push_back(
            join_bilingual({bilingual("the contract check could not decide: ", "提交约定的检查无法作出判断："),
                            j.value("error", bilingual("no reason", "没有给出原因"))}));
    }
  }
  status.ok = built.exit_code == 0 && !built.timed_out && status.contract_checked && status.violations.empty();
  if (!status.ok && status.violations.empty()) {
    status.errors = first_errors(read_text_file(status.log));
    if (built.timed_out)
      status.errors.insert(status.errors.begin(),
                           bilingual("the build did not finish within 1500 s", "构建没有在 1500 s 内完成"));
    if (built.exit_code == 0 && !status.contract_checked)
      status.errors.insert(status.errors.begin(), bilingual("the submission contract was not checked (no result)",
                                                            "没有检查提交约定（没有结果）"));
  }
  write_or_throw(build_status_path(o, m), to_json(status));
  if (status.ok) {
    std::cout << "Lab " << m.number << ": " << files_list(m) << " compiled; submission contract: pass\n";
  } else {
    std::cout << "Lab " << m.number << ": " << status.reason() << "\n"
              << "Every check of lab " << m.number << " fails until this is fixed; the report says so.\n";
  }
  return 0;
}

int run_suite_step(const JudgeOptions& o) {
  // Whatever the check program starts comes back to this process when it is orphaned, and is
  // ended with the step (run_child's end_leftovers).
  become_subreaper();
  std::string thresholds_applied;
  Manifest m;
  std::string manifest_error;
  try {
    m = graded_manifest(o, thresholds_applied);
  } catch (const std::exception& e) {
    // A bad overrides file must not grade with the wrong thresholds: every check fails, saying why.
    manifest_error = e.what();
    m = load_manifest(o.lab_dir);
    thresholds_applied = bilingual(o.thresholds + " (unreadable)", o.thresholds + "（无法读取）");
  }
  ReportPart part;
  part.lab = m.number;
  part.suite = o.suite;
  part.variant = o.variant;
  part.student_dir = o.student_dir;
  part.thresholds = thresholds_applied;
  part.tree_commit = o.tree_commit;
  part.student_hash = hash_files(student_paths(o.student_dir, m));
  std::cout << "Lab " << m.number << " (" << m.title << "), " << o.suite << " checks of " << o.variant << " files "
            << files_list(m) << " in " << o.student_dir << "\n";

  auto finish = [&](int code) {
    write_or_throw(fs::path(o.results_dir) / "parts" / ("lab" + m.number + "." + o.suite + ".json"),
                   to_json(part) + "\n");
    return o.verdicts_in_report && code == 1 ? 0 : code;
  };
  // The console's lines in the report's language; the part itself keeps the manifest's English,
  // which memlab-report puts in the language of its own run.
  const Language language = report_language(std::cerr);
  auto print = [&](std::vector<CheckResult> rows) {
    translate_rows(rows, m, language);
    if (!part.left_behind.empty())
      for (auto& r : rows) r.detail = left_behind_text(part.left_behind, language);
    for (const auto& c : rows) std::cout << console_line(c, language) << "\n";
  };
  auto fail_all = [&](const std::string& reason) {
    part.checks = fail_suite(m, o.suite, reason);
    print(part.checks);
    return finish(1);
  };

  BuildStatus build;
  try {
    build = build_status_from_json(read_text_file(build_status_path(o, m)));
  } catch (const std::exception& e) {
    return fail_all(bilingual("not graded: lab" + m.number + ".build did not run in this ctest run (" + e.what() + ")",
                              "未评分：本次 ctest 运行中没有运行 lab" + m.number + ".build（" + e.what() + "）"));
  }
  part.run_id = build.run_id;
  if (!manifest_error.empty())
    return fail_all(
        join_bilingual({bilingual("the thresholds file is malformed: ", "阈值文件的格式不对："), manifest_error}));
  if (!build.ok) return fail_all(build.reason());
  if (build.student_hash != part.student_hash)
    return fail_all(bilingual("your files changed after they were built: run ctest again to build and grade them",
                              "你的文件在构建之后又改动过：再运行一次 ctest，重新构建并评分"));

  // The check program writes only here (its artifacts, temporary files): never in the results,
  // the build tree or the course's files. The judge copies the artifacts out after it ended.
  ScratchFolder scratch("memlab-lab" + m.number + "-" + o.suite);
  std::vector<std::string> argv{o.program, "--lab-dir", o.lab_dir, "--results-dir", scratch.path(),           "--suite",
                                o.suite,   "--variant", o.variant, "--record-fd",   std::to_string(kRecordFd)};
  if (!o.thresholds.empty()) argv.insert(argv.end(), {"--thresholds", o.thresholds});
  if (!o.answers.empty()) argv.insert(argv.end(), {"--answers", o.answers, "--recorder", o.recorder});
  for (const auto& code : o.device_code) argv.insert(argv.end(), {"--device-code", code});
  if (const char* seed = std::getenv("MEMLAB_SEED")) argv.insert(argv.end(), {"--seed", seed});
  const std::vector<std::string> passthrough = scratch.redirect_outputs(o.passthrough);
  argv.insert(argv.end(), passthrough.begin(), passthrough.end());
  // The check program runs none of the student's host code (the recorder, its child, does), but
  // it stays contained: it may write its scratch folder and the grading's answer file.
  std::vector<std::string> writable{scratch.path()};
  if (!o.answers.empty()) writable.push_back(fs::path(o.answers).parent_path().string());
  ContainmentProfile profile;
  profile.children_proc = true;  // the recorder, its child, starts CUDA
  const Containment containment(writable, profile);
  part.contained = true;
  part.landlock_abi = containment.support().landlock_abi;
  part.seccomp = containment.support().seccomp;

  std::vector<MeasurementRecord> records;
  ProgramEnding ending;
  ending.deadline_s = o.deadline_s;
  std::set<std::string> in_suite;
  for (const CheckSpec* s : m.suite(o.suite)) in_suite.insert(s->id);
  bool started = false;
  int line_no = 0;
  auto protocol = [&](const std::string& what) {  // `what` in English and Chinese
    const std::string n = std::to_string(line_no);
    ending.protocol_errors.push_back(join_bilingual({bilingual("record " + n + ": ", "第 " + n + " 条记录："), what}));
  };
  ChildOptions co;
  co.deadline_s = o.deadline_s;
  co.record_fd = kRecordFd;
  co.containment = &containment;
  co.environment = {"TMPDIR=" + scratch.path()};
  co.end_leftovers = true;
  const ChildResult run = run_child(argv, co, [&](const std::string& line) {
    ++line_no;
    MeasurementRecord r;
    try {
      r = record_from_line(line);
    } catch (const std::exception& e) {
      protocol(bilingual(std::string("malformed (") + e.what() + ")", std::string("格式不对（") + e.what() + "）"));
      return;
    }
    if (ending.sent_end) {
      protocol(bilingual("arrived after the end record", "在结束记录之后才到达"));
      return;
    }
    switch (r.kind) {
      case MeasurementRecord::Kind::start:
        if (started || r.suite != o.suite) protocol(bilingual("an unexpected start record", "一条意外的开始记录"));
        started = true;
        part.seed = r.seed;
        // "skipped: " in both languages: tools find a run without a GPU by it (report/expectations.cpp).
        part.environment = r.skip_reason.empty() ? r.environment : join_bilingual({"skipped: ", r.skip_reason});
        break;
      case MeasurementRecord::Kind::check:
        if (!started)
          protocol(bilingual("a check record before the start record", "在开始记录之前出现了检查记录"));
        else if (!in_suite.count(r.id) && !m.find(r.id))
          protocol(bilingual("check \"" + r.id + "\" is not in lab.json", "检查项 \"" + r.id + "\" 不在 lab.json 中"));
        if (in_suite.count(r.id)) records.push_back(r);
        break;
      case MeasurementRecord::Kind::fatal: ending.fatal = r.reason; break;
      case MeasurementRecord::Kind::end: ending.sent_end = true; break;
    }
    if (r.kind == MeasurementRecord::Kind::start && !r.skip_reason.empty()) {
      for (const CheckSpec* s : m.suite(o.suite)) {
        MeasurementRecord skip;
        skip.kind = MeasurementRecord::Kind::check;
        skip.id = s->id;
        skip.outcome = Outcome::skipped;
        skip.detail = join_bilingual({bilingual("needs a CUDA GPU: ", "需要 CUDA GPU："), r.skip_reason});
        records.push_back(skip);
      }
    }
  });
  ending.ran = run.started;
  ending.start_error = run.start_error;
  ending.timed_out = run.timed_out;
  ending.exit_code = run.exit_code;
  ending.signal = run.signal;
  part.ending = ending_reason(ending);
  part.checks = judge_suite(m, o.suite, records, ending);
  // Only now, with every process of the step ended, are its files read.
  scratch.copy_outputs(o.results_dir, "lab" + m.number + ".");
  if (!o.answers.empty()) part.printed = recorder_printed(o.answers);
  if (!run.containment_error.empty()) {
    part.ending = run.containment_error;
    part.checks =
        fail_suite(m, o.suite, join_bilingual({bilingual("not graded: ", "未评分："), run.containment_error}));
  } else if (!run.left_behind.empty()) {
    // A process that outlives its step could change what later steps read: the step's records
    // are not trusted, whatever they say.
    part.left_behind = describe(run.left_behind);
    part.checks = fail_suite(m, o.suite, left_behind_text(part.left_behind, Language::en));
  }

  std::cout << o.suite << " verdicts (decided from lab.json" << (o.thresholds.empty() ? "" : " and " + o.thresholds)
            << "):\n";
  bool all_skipped = !part.checks.empty(), all_passed = true;
  print(part.checks);
  for (const auto& c : part.checks) {
    if (c.verdict != Verdict::skip) all_skipped = false;
    if (c.verdict != Verdict::pass && c.verdict != Verdict::skip) all_passed = false;
  }
  if (!part.ending.empty()) std::cout << "the check program: " << in_language(part.ending, language) << "\n";
  std::cout << containment_text(true, part.landlock_abi, part.seccomp, language) << "\n";
  if (all_skipped) return finish(kSkipExitCode);
  return finish(all_passed ? 0 : 1);
}

}  // namespace memlab
