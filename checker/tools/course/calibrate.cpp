// memlab-course calibrate: grade every lab's starter and reference solution on this machine's
// GPU, as a class of two, and propose thresholds that keep the course's margins here
// (docs/instructor-guide.md#calibrating-on-a-new-gpu). The rules are in threshold_proposal.h;
// this file grades, reads the reports and writes the two files.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "class_grading.h"
#include "commands.h"
#include "course_root.h"
#include "threshold_proposal.h"

namespace memlab::course {

namespace {

using nlohmann::json;

struct CalibrateOptions {
  std::vector<std::string> labs;  // empty: every lab
  std::string out = "memlab-calibration";
  std::string course;
  std::string thresholds;
  std::string tree;  // "": DIR/work/tree
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::vector<LabInfo> selected_labs(const fs::path& course, const std::vector<std::string>& numbers) {
  if (numbers.empty()) return course_labs(course);
  std::vector<LabInfo> labs;
  for (const auto& n : numbers) labs.push_back(find_lab(course, n));
  return labs;
}

// Calibration compares the starter with the reference solution: a student copy has no solutions/.
void require_solutions(const fs::path& course, const std::vector<LabInfo>& labs) {
  for (const auto& lab : labs)
    if (!fs::is_directory(course / "solutions" / lab.folder))
      throw std::runtime_error("calibrate needs the reference solution of lab " + lab.number + ", and " +
                               (course / "solutions" / lab.folder).string() +
                               " does not exist (is this a student copy? use a checkout of the course)");
}

// The manifest as the graded builds saw it: with the instructor's overrides, if any.
Manifest manifest_in_effect(const LabInfo& lab, const std::string& thresholds) {
  Manifest m = lab.manifest;
  if (!thresholds.empty()) apply_overrides(m, read_file(thresholds), thresholds);
  return m;
}

Submission staged(const fs::path& folder, const std::string& variant, const LabInfo& lab, const fs::path& work) {
  Submission s = stage_submission(folder, "lab" + lab.number + "-" + variant, lab, work);
  s.variant = variant;
  return s;
}

// The report of one graded variant, or null with the reason in `problem`.
json report_of(const GradedSubmission& graded, std::string& problem) {
  if (!graded.submission.problem.empty()) problem = graded.submission.problem + "; ";
  if (graded.report_json.empty() || !fs::is_regular_file(graded.report_json)) {
    problem += "its grading did not end (see " + graded.log.string() + ")";
    return nullptr;
  }
  try {
    return json::parse(read_file(graded.report_json));
  } catch (const std::exception& e) {
    problem += graded.report_json.string() + " is not a report: " + e.what();
    return nullptr;
  }
}

// Grades the lab's starter and solution as one class of two, then proposes.
LabCalibration calibrate_lab(const LabInfo& lab, const GradingOptions& grading) {
  LabCalibration result;
  result.manifest = manifest_in_effect(lab, grading.thresholds);
  std::cerr << "lab " << lab.number << ": grading the starter and the solution (the first lab also builds the "
            << "grading tree in " << grading.out.string() << ")\n";
  try {
    const std::vector<Submission> pair = {
        staged(grading.course / "labs" / lab.folder, "starter", lab, grading.out),
        staged(grading.course / "solutions" / lab.folder, "solution", lab, grading.out)};
    const std::vector<GradedSubmission> graded = grade_submissions(grading, lab, pair);
    if (graded.size() != 2)
      throw std::runtime_error("grading returned " + std::to_string(graded.size()) + " reports, not 2");
    result.starter_report = report_of(graded[0], result.starter_problem);
    result.solution_report = report_of(graded[1], result.solution_problem);
  } catch (const std::exception& e) {
    result.starter_problem = result.solution_problem = std::string("grading failed: ") + e.what();
  }
  result.proposals = propose_thresholds(result.manifest, result.starter_report, result.solution_report);
  return result;
}

std::string command_line(const CalibrateOptions& o) {
  std::string cmd = "memlab-course calibrate";
  if (!o.labs.empty()) {
    cmd += " --labs ";
    for (std::size_t i = 0; i < o.labs.size(); ++i) cmd += (i ? "," : "") + o.labs[i];
  }
  cmd += " --out " + o.out;
  if (!o.course.empty()) cmd += " --course " + o.course;
  if (!o.thresholds.empty()) cmd += " --thresholds " + o.thresholds;
  return cmd;
}

bool every_lab_graded(const std::vector<LabCalibration>& labs) {
  for (const auto& lab : labs)
    if (!lab.starter_report.is_object() || !lab.solution_report.is_object()) return false;
  return true;
}

void run_calibrate(const CalibrateOptions& options) {
  const fs::path course = checked_course_root(options.course);
  const std::vector<LabInfo> labs = selected_labs(course, options.labs);
  require_solutions(course, labs);
  const fs::path out = fs::absolute(options.out).lexically_normal();
  fs::create_directories(out);

  GradingOptions grading;
  grading.course = course;
  grading.out = out / "work";
  if (!options.tree.empty()) grading.tree = fs::absolute(options.tree);
  grading.thresholds = options.thresholds.empty() ? "" : fs::absolute(options.thresholds).string();
  grading.fresh = true;  // calibration is about this run's measurements: never reuse an earlier run's

  CalibrationSummary summary;
  summary.command = command_line(options);
  summary.thresholds = grading.thresholds;
  for (const auto& lab : labs) summary.labs.push_back(calibrate_lab(lab, grading));

  const std::string markdown = calibration_markdown(summary);
  write_file(out / "thresholds.json", thresholds_file(summary.labs).dump(2) + "\n");
  write_file(out / "calibration.md", markdown);
  std::cout << markdown << "\nwrote " << (out / "calibration.md").string() << " and "
            << (out / "thresholds.json").string() << "\n";
  // Some variant has no report: what could be proposed was, but the instructor must look.
  if (!every_lab_graded(summary.labs)) throw CommandExit{1};
}

}  // namespace

void add_calibrate_command(CLI::App& app) {
  auto options = std::make_shared<CalibrateOptions>();
  CLI::App* sub = app.add_subcommand(
      "calibrate", "grade each lab's starter and solution on this GPU and propose thresholds that keep 15 % margins");
  sub->add_option("--labs", options->labs, "the labs to calibrate, e.g. 04,06 (default: every lab)")->delimiter(',');
  sub->add_option("--out", options->out, "where to write thresholds.json, calibration.md and the grading work")
      ->capture_default_str();
  sub->add_option("--course", options->course, "the course tree (default: the one memlab-course was built from)");
  sub->add_option("--thresholds", options->thresholds,
                  "an overrides file to grade with (its values are then the ones judged)")
      ->check(CLI::ExistingFile);
  sub->add_option(
      "--tree", options->tree,
      "the grading tree (a build folder kept between runs, e.g. one of grade-class; default: DIR/work/tree)");
  sub->callback([options] { run_calibrate(*options); });
}

}  // namespace memlab::course
