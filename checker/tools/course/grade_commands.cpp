// memlab-course grade and grade-class: the command lines, and what they print.
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "class_grading.h"
#include "class_run.h"
#include "class_summary.h"
#include "commands.h"
#include "memlab/result_files.h"
#include "slurm_jobs.h"

namespace memlab::course {
namespace {

struct GradeArgs {
  std::string course, out, tree, thresholds, lab, id, cuda_architectures;
  std::string gpus;  // "0,1"
  int jobs = 0, compile_timeout_s = 300;
  bool fresh = false;
};

std::vector<int> gpu_list(const std::string& text) {
  std::vector<int> gpus;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos)
      throw std::runtime_error("--gpus takes device numbers separated by commas (e.g. 0,1), not \"" + text + "\"");
    gpus.push_back(std::stoi(item));
  }
  return gpus;
}

// Results go outside the course tree (or into its ignored build/ folder): the grading tree stays
// the pristine copy the verdicts are trusted from.
fs::path checked_out_dir(const std::string& given, const fs::path& course) {
  const fs::path out = fs::weakly_canonical(fs::absolute(given));
  const fs::path rel = out.lexically_relative(course);
  const bool inside = !rel.empty() && rel.native().rfind("..", 0) != 0;
  if (inside && *rel.begin() != "build")
    throw std::runtime_error("--out " + out.string() +
                             " is inside the course tree; choose a folder outside it (or under its build/)");
  return out;
}

GradingOptions grading_options(const GradeArgs& a) {
  GradingOptions o;
  o.course = checked_course_root(a.course);
  o.out = checked_out_dir(a.out, o.course);
  if (!a.tree.empty()) o.tree = fs::absolute(a.tree);
  if (!a.thresholds.empty()) {
    if (!fs::is_regular_file(a.thresholds)) throw std::runtime_error("--thresholds " + a.thresholds + " is not a file");
    o.thresholds = fs::canonical(a.thresholds).string();
  }
  o.jobs = a.jobs;
  o.gpus = gpu_list(a.gpus);
  o.compile_timeout_s = a.compile_timeout_s;
  o.cuda_architectures = a.cuda_architectures;
  o.fresh = a.fresh;
  return o;
}

void add_common_options(CLI::App* sub, GradeArgs& a) {
  sub->add_option("--lab", a.lab, "the lab's number, e.g. 04")->required();
  sub->add_option("--course", a.course,
                  "the pristine course tree to grade with (default: the one this tool was built from)");
  sub->add_option("--tree", a.tree, "the grading tree (a build folder kept between runs; default: OUT/tree)");
  sub->add_option("--thresholds", a.thresholds, "an instructor's overrides file (JSON, see the guide)");
  sub->add_option("--jobs", a.jobs, "compiles at a time (default: one per core)")->check(CLI::NonNegativeNumber);
  sub->add_option("--gpus", a.gpus,
                  "the GPUs to use, e.g. 0,1 (default: every visible one); one grading at a time on each");
  sub->add_option("--compile-timeout", a.compile_timeout_s, "seconds one student file may compile")
      ->check(CLI::PositiveNumber);
  sub->add_option(
      "--cuda-architectures", a.cuda_architectures,
      "CMAKE_CUDA_ARCHITECTURES of the grading tree (default: this GPU's own; e.g. 80;90 for other machines)");
}

void print_report(const GradedSubmission& g, const std::string& lab) {
  const fs::path text = g.results_dir / ("lab" + lab + ".txt");
  if (fs::exists(text)) std::cout << "\n" << read_text_file(text);
  std::cout << "\nreport: " << g.report_json.string() << "\ngradescope: " << g.gradescope_json.string()
            << "\nlogs: " << g.log.string().substr(0, g.log.string().size() - 4) << ".{build,check}.log\n";
}

int run_grade(const GradeArgs& a, const std::string& submission) {
  GradingOptions o = grading_options(a);
  o.fresh = true;  // grading one submission always grades it again
  const LabInfo lab = find_lab(o.course, a.lab);
  std::vector<std::string> taken;
  const std::string id = a.id.empty() ? submission_id(submission, taken) : a.id;
  if (id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") != std::string::npos)
    throw std::runtime_error("--id \"" + id + "\" must be letters, digits, _ and - only");
  if (!fs::exists(submission)) throw std::runtime_error(submission + " does not exist");
  const Submission s = stage_submission(submission, id, lab, o.out);
  if (!s.problem.empty()) std::cout << "The submission cannot be built: " << s.problem << "\n";
  const GradedSubmission g = grade_submissions(o, lab, {s}).front();
  print_report(g, lab.number);
  if (!fs::exists(g.report_json)) {
    std::cerr << "memlab-course: no report was written for " << id << "; see the logs above\n";
    return 2;
  }
  return 0;
}

// Stages every submission of the folder and writes the run file; returns the run.
ClassRun stage_class(const GradeArgs& a, const std::string& dir, int chunk) {
  ClassRun run;
  run.options = grading_options(a);
  const LabInfo lab = find_lab(run.options.course, a.lab);
  run.lab = lab.number;
  std::vector<std::string> ignored, taken;
  const std::vector<fs::path> entries = class_folder_entries(dir, ignored);
  for (const auto& name : ignored) std::cout << "Left out (not a folder or an archive): " << name << "\n";
  if (entries.empty()) throw std::runtime_error(dir + " holds no submission (a folder, .zip, .tar.gz or .tar each)");
  for (const auto& e : entries)
    run.submissions.push_back(stage_submission(e, submission_id(e, taken), lab, run.options.out));
  int problems = 0;
  for (const auto& s : run.submissions)
    if (!s.problem.empty()) {
      std::cout << "  " << s.id << " cannot be built: " << s.problem << "\n";
      ++problems;
    }
  std::cout << run.submissions.size() << " submission(s) of lab " << lab.number << " staged in "
            << (run.options.out / "submissions").string()
            << (problems ? ", " + std::to_string(problems) + " with a problem" : "") << "\n";
  const std::vector<Submission> pending = pending_submissions(run.options, lab, run.submissions);
  for (std::size_t i = 0; i < pending.size(); i += chunk) {
    run.chunks.emplace_back();
    for (std::size_t j = i; j < pending.size() && j < i + chunk; ++j) run.chunks.back().push_back(pending[j].id);
  }
  save_class_run(run, run.options.out / "run.json");
  return run;
}

// The class summary; exit status 1 when a submission has no report.
int collect(const ClassRun& run) {
  const LabInfo lab = find_lab(run.options.course, run.lab);
  std::vector<GradedSubmission> graded;
  int missing = 0;
  for (const auto& s : run.submissions) {
    graded.push_back(graded_entry(run.options, lab, s));
    if (!fs::exists(graded.back().report_json)) ++missing;
  }
  const fs::path csv = run.options.out / ("class-lab" + lab.number + ".csv");
  const fs::path html = run.options.out / ("class-lab" + lab.number + ".html");
  write_class_summary(lab, graded, csv, html);
  std::cout << "\nLab " << lab.number << ": " << graded.size() - missing << " of " << graded.size()
            << " submission(s) have a report.\nclass summary: " << html.string()
            << "\none row per student and check: " << csv.string()
            << "\nreports: " << (run.options.out / "results").string() << "/<student>/\n";
  if (missing) std::cout << missing << " submission(s) have no report: run the same command again to grade them.\n";
  return missing ? 1 : 0;
}

std::vector<Submission> chunk_of(const ClassRun& run, int task) {
  if (task < 0 || task >= static_cast<int>(run.chunks.size()))
    throw std::runtime_error("--task " + std::to_string(task) + " is not a task of this run (0.." +
                             std::to_string(run.chunks.size()) + ")");
  std::vector<Submission> subs;
  for (const auto& id : run.chunks[task])
    for (const auto& s : run.submissions)
      if (s.id == id) subs.push_back(s);
  return subs;
}

// One step of a Slurm run, as its job script calls it.
int run_phase(const std::string& phase, const fs::path& out, int task) {
  const ClassRun run = load_class_run(fs::absolute(out) / "run.json");
  const LabInfo lab = find_lab(run.options.course, run.lab);
  if (phase == "build") {
    configure_class_tree(run.options, lab, run.submissions);
    build_class(run.options, lab, pending_submissions(run.options, lab, run.submissions));
  } else if (phase == "check") {
    // The GPU Slurm gave this task is device 0 of those it can see.
    check_class(run.options, lab, pending_submissions(run.options, lab, chunk_of(run, task)));
  } else {
    return collect(run);
  }
  return 0;
}

}  // namespace

void add_grade_commands(CLI::App& app) {
  auto grade_args = std::make_shared<GradeArgs>();
  auto submission = std::make_shared<std::string>();
  CLI::App* grade =
      app.add_subcommand("grade", "grade one submission (a folder, .zip or .tar.gz) against the course tree");
  grade->add_option("submission", *submission, "the submission: its files are found by name anywhere inside")
      ->required();
  add_common_options(grade, *grade_args);
  grade_args->out = "memlab-grading";
  grade->add_option("--out", grade_args->out, "where results, logs and the grading tree go")->capture_default_str();
  grade->add_option("--id", grade_args->id, "the name of its results folder (default: from the submission's name)");
  grade->callback([grade_args, submission] {
    const int code = run_grade(*grade_args, *submission);
    if (code != 0) throw CommandExit{code};
  });

  auto class_args = std::make_shared<GradeArgs>();
  auto dir = std::make_shared<std::string>();
  auto slurm = std::make_shared<SlurmOptions>();
  auto use_slurm = std::make_shared<bool>(false);
  auto chunk = std::make_shared<int>(4);
  auto phase = std::make_shared<std::string>();
  auto task = std::make_shared<int>(-1);
  CLI::App* klass =
      app.add_subcommand("grade-class", "grade every submission of a folder, on this machine or with Slurm");
  klass->add_option("submissions", *dir, "a folder holding one folder or archive per student");
  klass->add_option("--out", class_args->out, "where results, logs, the summary and the grading tree go")->required();
  add_common_options(klass, *class_args);
  klass->add_flag("--fresh", class_args->fresh, "grade again the submissions an earlier run already graded");
  klass->add_flag("--slurm", *use_slurm, "submit the run as Slurm jobs: build, a check array, collect");
  klass->add_option("--partition", slurm->partition, "Slurm partition");
  klass->add_option("--account", slurm->account, "Slurm account");
  klass->add_option("--time", slurm->check_time, "time limit of each check task")->capture_default_str();
  klass->add_option("--build-time", slurm->build_time, "time limit of the build job")->capture_default_str();
  klass->add_option("--build-cpus", slurm->build_cpus, "CPUs of the build job")->capture_default_str();
  klass->add_option("--chunk", *chunk, "submissions per check task")->capture_default_str()->check(CLI::PositiveNumber);
  klass->add_option("--gres", slurm->gres, "the GPU request of each check task (\"\" for none)")->capture_default_str();
  klass->add_option("--sbatch", slurm->sbatch, "the sbatch program")->capture_default_str();
  klass->add_option("--sbatch-arg", slurm->extra_args, "one more argument for every sbatch (repeat it)");
  klass->add_flag("--wait", slurm->wait, "wait until the collect job has ended");
  klass->add_option("--phase", *phase, "(for the Slurm job scripts) one step of a submitted run")
      ->check(CLI::IsMember({"build", "check", "collect"}));
  klass->add_option("--task", *task, "(for the Slurm job scripts) the array task");
  // The job scripts call back with --phase and --out only: the run file holds the rest.
  klass->get_option("--lab")->required(false);
  klass->callback([=] {
    int code = 0;
    if (!phase->empty()) {
      code = run_phase(*phase, class_args->out, *task);
    } else {
      if (dir->empty() || class_args->lab.empty())
        throw std::runtime_error("grade-class needs a submissions folder and --lab");
      ClassRun run = stage_class(*class_args, *dir, *use_slurm ? *chunk : 1 << 30);
      if (*use_slurm) {
        if (class_args->cuda_architectures.empty() && !fs::exists(tree_of(run.options) / "CMakeCache.txt")) {
          // The build job may run where there is no GPU: a new tree is built for every major
          // architecture nvcc knows. A tree that exists keeps the architectures it has.
          run.options.cuda_architectures = "all-major";
          save_class_run(run, run.options.out / "run.json");
        }
        code = submit_class_jobs(run, *slurm);
      } else {
        const LabInfo lab = find_lab(run.options.course, run.lab);
        grade_submissions(run.options, lab, run.submissions);
        code = collect(run);
      }
    }
    if (code != 0) throw CommandExit{code};
  });
}

}  // namespace memlab::course
