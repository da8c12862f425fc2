// A class run in a grading tree (cmake/MemlabClass.cmake), in four steps:
//   configure  write <out>/class.json and configure the tree with it
//   build      the course's parts once (tools, checker), then every submission's program in
//              parallel with -k 0 (one student's compile error stops nobody else), then each
//              submission's clear and build tests, one at a time, which record what happened
//   check      each submission's suites and report, one submission at a time on each GPU
// Each step skips submissions whose report is already complete, so that a run that was
// interrupted goes on where it stopped.
#include "class_grading.h"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>

#include "child_process.h"
#include "memlab/report.h"
#include "memlab/result_files.h"
#include "tool_paths.h"

namespace memlab::course {
namespace {

using nlohmann::json;

// The file's JSON, or a discarded value when it is missing or malformed (not graded yet).
nlohmann::json json_or_nothing(const fs::path& p) {
  try {
    return nlohmann::json::parse(read_text_file(p), nullptr, false);
  } catch (const std::runtime_error&) {
    return nlohmann::json::value_t::discarded;
  }
}

std::string last_lines(const fs::path& log, std::size_t n) {
  std::vector<std::string> lines;
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::string text;
  for (std::size_t i = lines.size() > n ? lines.size() - n : 0; i < lines.size(); ++i) text += "\n  " + lines[i];
  return text;
}

ChildResult run_logged(const std::vector<std::string>& argv, const fs::path& log, double deadline_s) {
  fs::create_directories(log.parent_path());
  ChildOptions co;
  co.deadline_s = deadline_s;
  co.output_file = log.string();
  ChildResult r = run_child(argv, co, [](const std::string&) {});
  if (!r.started) throw std::runtime_error("cannot run " + argv[0] + ": " + r.start_error);
  return r;
}

fs::path logs_dir(const GradingOptions& o) { return o.out / "logs"; }
fs::path sub_tests(const GradingOptions& o, const Submission& s) { return tree_of(o) / "class" / s.id; }

std::vector<std::string> student_paths(const LabInfo& lab, const Submission& s) {
  std::vector<std::string> paths;
  for (const auto& f : lab.manifest.student_files) paths.push_back((s.files_dir / lab.folder / f).string());
  return paths;
}

// The thresholds text a report of this run carries (memlab-judge writes the same).
bool same_thresholds(const GradingOptions& o, const std::string& in_report) {
  if (o.thresholds.empty()) return in_report.rfind("none", 0) == 0;
  return in_report == o.thresholds + " (" + hash_files({o.thresholds}) + ")";
}

int cores() {
  // In a Slurm job, the CPUs it was given; elsewhere, the machine's.
  if (const char* slurm = std::getenv("SLURM_CPUS_PER_TASK"); slurm && std::atoi(slurm) > 0) return std::atoi(slurm);
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 2 : static_cast<int>(n);
}

}  // namespace

fs::path tree_of(const GradingOptions& o) { return o.tree.empty() ? o.out / "tree" : o.tree; }

GradedSubmission graded_entry(const GradingOptions& o, const LabInfo& lab, const Submission& s) {
  GradedSubmission g;
  g.submission = s;
  g.results_dir = o.out / "results" / s.id;
  g.report_json = g.results_dir / ("lab" + lab.number + ".json");
  g.gradescope_json = g.results_dir / "gradescope.json";
  g.log = logs_dir(o) / (s.id + ".log");
  return g;
}

bool is_graded(const GradingOptions& o, const LabInfo& lab, const Submission& s) {
  const GradedSubmission g = graded_entry(o, lab, s);
  const json report = json_or_nothing(g.report_json);
  const json build = json_or_nothing(g.results_dir / ("lab" + lab.number + ".build.json"));
  if (!report.is_object() || !build.is_object()) return false;
  return report.value("run_id", "") == build.value("run_id", "-") &&
         report.value("student_hash", "") == hash_files(student_paths(lab, s)) &&
         same_thresholds(o, report.value("thresholds", "")) && report.contains("summary") &&
         report["summary"].value("inconclusive", 1) == 0;
}

std::vector<int> visible_gpus() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) return {};
  std::vector<int> gpus;
  for (int i = 0; i < count; ++i) gpus.push_back(i);
  return gpus;
}

void configure_class_tree(const GradingOptions& o, const LabInfo& lab, const std::vector<Submission>& subs) {
  json entries = json::array();
  for (const auto& s : subs)
    entries.push_back({{"id", s.id},
                       {"dir", s.files_dir.string()},
                       {"variant", s.variant},
                       {"problem", s.problem},
                       {"source", s.source.string()}});
  const json klass{{"lab", lab.number}, {"results_root", (o.out / "results").string()}, {"submissions", entries}};
  const fs::path class_file = o.out / "class.json";
  fs::create_directories(o.out);
  std::ofstream(class_file) << klass.dump(2) << "\n";

  const fs::path tree = tree_of(o);
  std::vector<std::string> argv{cmake_program(), "-S", o.course.string(), "-B", tree.string()};
  if (!fs::exists(tree / "CMakeCache.txt")) argv.insert(argv.end(), {"-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"});
  argv.insert(argv.end(), {"-DMEMLAB_LABS=" + lab.number, "-DMEMLAB_SOLUTION=OFF", "-DMEMLAB_SUBMISSION_DIR=",
                           "-DMEMLAB_CLASS=" + class_file.string(), "-DMEMLAB_THRESHOLDS=" + o.thresholds,
                           "-DMEMLAB_COMPILE_TIMEOUT=" + std::to_string(o.compile_timeout_s)});
  if (!o.cuda_architectures.empty()) argv.push_back("-DCMAKE_CUDA_ARCHITECTURES=" + o.cuda_architectures);
  const fs::path log = logs_dir(o) / "configure.log";
  std::cout << "Configuring the grading tree " << tree.string() << " for " << subs.size() << " submission(s)\n"
            << std::flush;
  const ChildResult r = run_logged(argv, log, 1800);
  if (r.exit_code != 0)
    throw std::runtime_error("the grading tree does not configure (" + log.string() + "):" + last_lines(log, 15));
}

void build_class(const GradingOptions& o, const LabInfo& lab, const std::vector<Submission>& pending) {
  const fs::path tree = tree_of(o);
  const fs::path course_log = logs_dir(o) / "build-course.log";
  std::cout << "Building the course's tools and lab " << lab.number << "'s checker (once per grading tree)\n"
            << std::flush;
  const ChildResult parts = run_logged(
      // --no-tests=error: a build test that is not there must stop the grading, not build nothing.
      {ctest_program(), "--test-dir", tree.string(), "-R", "^build\\.grading$", "--no-tests=error",
       "--output-on-failure"},
      course_log, 7200);
  if (parts.exit_code != 0)
    throw std::runtime_error("the course's own parts do not build (" + course_log.string() +
                             "):" + last_lines(course_log, 15));
  if (pending.empty()) return;

  const int jobs = o.jobs > 0 ? o.jobs : cores();
  std::cout << "Compiling " << pending.size() << " submission(s), " << jobs << " compile(s) at a time\n" << std::flush;
  run_logged({cmake_program(), "--build", tree.string(), "-j", std::to_string(jobs), "--target",
              "memlab_class_programs", "--", "-k", "0"},
             logs_dir(o) / "build-programs.log", 7200);  // a student's error is theirs: no throw

  // Each submission's own build test records its result for its report (a no-op compile for
  // those built above; the failed ones compile again, alone, so their log is theirs).
  for (const auto& s : pending) {
    const fs::path log = logs_dir(o) / (s.id + ".build.log");
    const ChildResult r = run_logged(
        {ctest_program(), "--test-dir", sub_tests(o, s).string(), "-R", "\\.(clear|build)$", "--output-on-failure"},
        log, 3600);
    if (r.exit_code != 0)
      std::cout << "  " << s.id << ": the build step did not end normally (" << log.string() << ")\n";
  }
}

void check_class(const GradingOptions& o, const LabInfo& lab, const std::vector<Submission>& pending) {
  std::vector<int> gpus = o.gpus.empty() ? visible_gpus() : o.gpus;
  const bool no_gpu = gpus.empty();
  if (no_gpu) gpus.push_back(-1);  // one worker; every GPU check skips and says why
  std::cout << "Checking " << pending.size() << " submission(s) on "
            << (no_gpu ? std::string("no GPU (the GPU checks skip)")
                       : std::to_string(gpus.size()) + " GPU(s), one at a time on each")
            << "\n"
            << std::flush;
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex print;
  auto worker = [&](int gpu) {
    for (std::size_t i = next++; i < pending.size(); i = next++) {
      const Submission& s = pending[i];
      std::vector<std::string> argv{"/usr/bin/env"};
      if (gpu >= 0) argv.push_back("MEMLAB_DEVICE=" + std::to_string(gpu));
      argv.insert(argv.end(), {ctest_program(), "--test-dir", sub_tests(o, s).string(), "-E", "\\.(clear|build)$",
                               "-FA", ".*", "--output-on-failure"});
      const GradedSubmission g = graded_entry(o, lab, s);
      run_logged(argv, logs_dir(o) / (s.id + ".check.log"), 7200);
      const json report = json_or_nothing(g.report_json);
      std::lock_guard<std::mutex> lock(print);
      std::cout << "  [" << ++done << "/" << pending.size() << "] " << s.id << ": ";
      if (report.is_object())
        std::cout << report.value("score", 0.0) << " / " << report.value("max_score", 0.0) << " points"
                  << (gpu >= 0 ? " (GPU " + std::to_string(gpu) + ")" : std::string()) << "\n";
      else
        std::cout << "no report (" << (logs_dir(o) / (s.id + ".check.log")).string() << ")\n";
      std::cout << std::flush;
    }
  };
  std::vector<std::thread> threads;
  for (int gpu : gpus) threads.emplace_back(worker, gpu);
  for (auto& t : threads) t.join();
}

std::vector<Submission> pending_submissions(const GradingOptions& o, const LabInfo& lab,
                                            const std::vector<Submission>& subs) {
  std::vector<Submission> pending;
  for (const auto& s : subs)
    if (o.fresh || !is_graded(o, lab, s)) pending.push_back(s);
  return pending;
}

std::vector<GradedSubmission> grade_submissions(const GradingOptions& o, const LabInfo& lab,
                                                const std::vector<Submission>& subs) {
  configure_class_tree(o, lab, subs);
  const std::vector<Submission> pending = pending_submissions(o, lab, subs);
  if (pending.size() < subs.size())
    std::cout << subs.size() - pending.size() << " submission(s) already graded by an earlier run: kept\n";
  build_class(o, lab, pending);
  check_class(o, lab, pending);
  std::vector<GradedSubmission> graded;
  for (const auto& s : subs) graded.push_back(graded_entry(o, lab, s));
  return graded;
}

}  // namespace memlab::course
