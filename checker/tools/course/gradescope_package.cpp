// memlab-course gradescope-package: a Gradescope autograder zip for one lab (gradescope_package.h).
#include "gradescope_package.h"

#include <stdlib.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "commands.h"
#include "course_root.h"
#include "gradescope_process.h"
#include "memlab/manifest.h"
#include "memlab/result_files.h"

namespace memlab::course {

namespace {

// The scripts Gradescope wants at the zip's root, kept in the course (so the course they grade
// and the scripts travel together).
const fs::path kTemplates = "checker/tools/course/gradescope";
const char* const kScripts[] = {"setup.sh", "run_autograder"};
const char* const kConf = "memlab-autograder.conf";
const char* const kThresholds = "thresholds.json";

// A fresh folder under the system's temporary folder, removed with the object, so that a package
// is never staged inside the course it packages.
class StagingFolder {
 public:
  StagingFolder() {
    std::string pattern = (fs::temp_directory_path() / "memlab-gradescope-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a temporary folder in " + pattern);
    path_ = pattern;
  }
  ~StagingFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  StagingFolder(const StagingFolder&) = delete;
  StagingFolder& operator=(const StagingFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// The lab's points with the instructor's overrides (what the Gradescope assignment is worth),
// and those of its CPU checks (what an autograder without a GPU can give). Applying the
// overrides here also stops a broken thresholds file before it reaches Gradescope.
void count_points(const LabInfo& lab, const std::string& thresholds, GradescopePackage& package) {
  Manifest manifest = lab.manifest;
  if (!thresholds.empty()) apply_overrides(manifest, read_text_file(thresholds), thresholds);
  for (const auto& check : manifest.checks) {
    package.max_score += check.points;
    if (!check.gpu) package.cpu_score += check.points;
  }
}

std::string course_commit(const fs::path& course) {
  auto described = program_output({"git", "-C", course.string(), "describe", "--always", "--dirty"});
  if (!described) return "unknown (not a git checkout)";
  while (!described->empty() && (described->back() == '\n' || described->back() == '\r')) described->pop_back();
  return *described;
}

std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// Shell assignments that setup.sh and run_autograder source. The settings an instructor may
// want to change for one image build take an environment variable of the same name first.
std::string conf_text(const GradescopePackageOptions& options, const LabInfo& lab, double max_score,
                      const fs::path& course) {
  const auto fixed = [](const std::string& name, const std::string& value) {
    return name + "=" + shell_quoted(value) + "\n";
  };
  const auto overridable = [](const std::string& name, const std::string& value) {
    return name + "=${" + name + ":-" + shell_quoted(value) + "}\n";
  };
  return "# Written by memlab-course gradescope-package; setup.sh and run_autograder read it.\n" +
         fixed("MEMLAB_LAB", lab.number) + fixed("MEMLAB_LAB_FOLDER", lab.folder) +
         fixed("MEMLAB_MAX_SCORE", number_text(max_score)) +
         "# The instructor's threshold overrides, a file beside this one; empty: the manifest's own.\n" +
         fixed("MEMLAB_THRESHOLDS", options.thresholds.empty() ? "" : kThresholds) +
         fixed("MEMLAB_COURSE_COMMIT", course_commit(course)) +
         "# Where setup.sh takes the CUDA Toolkit from: auto (the image's, else NVIDIA's apt repository),\n"
         "# image (the image must have it) or apt (NVIDIA's apt repository, this package).\n" +
         overridable("MEMLAB_CUDA", options.cuda) + overridable("MEMLAB_CUDA_PACKAGE", options.cuda_package) +
         "# run_autograder stops a grading after this many seconds (keep it under Gradescope's timeout).\n" +
         overridable("MEMLAB_GRADE_TIMEOUT_S", std::to_string(options.grade_timeout_s));
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
}

void copy_scripts(const fs::path& course, const fs::path& stage) {
  for (const char* name : kScripts) {
    const fs::path from = course / kTemplates / name;
    if (!fs::is_regular_file(from))
      throw std::runtime_error(from.string() + " is missing: this course has no Gradescope scripts");
    fs::copy_file(from, stage / name, fs::copy_options::overwrite_existing);
    // Gradescope runs run_autograder as a program: it must be executable in the zip.
    fs::permissions(stage / name, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                      fs::perms::others_read | fs::perms::others_exec);
  }
}

void copy_course(const fs::path& course, const std::vector<fs::path>& files, const fs::path& to) {
  for (const auto& file : files) {
    fs::create_directories((to / file).parent_path());
    fs::copy_file(course / file, to / file, fs::copy_options::overwrite_existing);
  }
}

// cmake -E tar writes zips on every machine that builds the course: no zip tool needed.
void write_zip(const fs::path& stage, const std::vector<std::string>& entries, const fs::path& zip) {
  std::error_code ignored;
  fs::remove(zip, ignored);
  std::vector<std::string> argv = {"cmake", "-E", "chdir",      stage.string(), "cmake", "-E",
                                   "tar",   "cf", zip.string(), "--format=zip", "--"};
  argv.insert(argv.end(), entries.begin(), entries.end());
  const int status = run_program(argv);
  if (status != 0 || !fs::is_regular_file(zip))
    throw std::runtime_error("cmake -E tar could not write " + zip.string() + " (exit status " +
                             std::to_string(status) + (status == 127 ? ": is cmake on PATH?" : "") + ")");
}

fs::path zip_path(const GradescopePackageOptions& options, const std::string& lab) {
  const fs::path out = options.out.empty() ? fs::path("autograder-lab" + lab + ".zip") : options.out;
  return fs::absolute(out).lexically_normal();
}

void print_summary(const GradescopePackage& package, const LabInfo& lab, const GradescopePackageOptions& options) {
  std::cout << "wrote " << package.zip.string() << ": the autograder of lab " << lab.number << " ("
            << lab.manifest.title << "), " << package.course_files << " files of the course, without solutions/\n"
            << "thresholds: " << (options.thresholds.empty() ? "the manifest's own" : options.thresholds) << "\n"
            << "CUDA Toolkit for setup.sh: " << options.cuda << " (package " << options.cuda_package << ")\n"
            << "On Gradescope: a Programming Assignment worth " << package.max_score
            << " points; upload this zip as its autograder, and set its timeout above " << options.grade_timeout_s
            << " s (see docs/instructor-guide.md#gradescope).\n"
            << "Gradescope has no GPU: its autograder can give the " << package.cpu_score
            << " points of the CPU checks; the other " << package.max_score - package.cpu_score
            << " need a grading on a GPU machine (memlab-course grade-class).\n";
}

}  // namespace

GradescopePackage write_gradescope_package(const GradescopePackageOptions& options) {
  const fs::path course = checked_course_root(options.course);
  const LabInfo lab = find_lab(course, options.lab);
  GradescopePackage package;
  package.lab = lab.number;
  count_points(lab, options.thresholds, package);
  package.zip = zip_path(options, lab.number);

  StagingFolder stage;
  copy_scripts(course, stage.path());
  write_text(stage.path() / kConf, conf_text(options, lab, package.max_score, course));
  std::vector<std::string> entries = {kScripts[0], kScripts[1], kConf};
  if (!options.thresholds.empty()) {
    fs::copy_file(options.thresholds, stage.path() / kThresholds);
    entries.push_back(kThresholds);
  }
  const std::vector<fs::path> files = course_files_for_autograder(course);
  copy_course(course, files, stage.path() / "course");
  entries.push_back("course");
  package.course_files = files.size();

  fs::create_directories(package.zip.parent_path());
  write_zip(stage.path(), entries, package.zip);
  return package;
}

void add_gradescope_package_command(CLI::App& app) {
  auto options = std::make_shared<GradescopePackageOptions>();
  CLI::App* sub = app.add_subcommand("gradescope-package", "write a Gradescope autograder zip for one lab");
  sub->add_option("--lab", options->lab, "the lab, e.g. 04")->required();
  sub->add_option("--out", options->out, "the zip to write (default: autograder-labNN.zip in this folder)");
  sub->add_option("--course", options->course,
                  "the course tree to package (default: the one this tool was built from)");
  sub->add_option("--thresholds", options->thresholds, "an instructor's threshold overrides (JSON), packaged with it")
      ->check(CLI::ExistingFile);
  sub->add_option("--cuda", options->cuda,
                  "where setup.sh takes the CUDA Toolkit from: auto (the image's, else NVIDIA's apt repository), "
                  "image (the image must have it) or apt")
      ->check(CLI::IsMember({"auto", "image", "apt"}))
      ->capture_default_str();
  sub->add_option("--cuda-package", options->cuda_package, "the package setup.sh installs from NVIDIA's apt repository")
      ->capture_default_str();
  sub->add_option("--timeout", options->grade_timeout_s,
                  "seconds run_autograder gives one grading before it stops it and reports that")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->callback([options] {
    const GradescopePackage package = write_gradescope_package(*options);
    print_summary(package, find_lab(checked_course_root(options->course), options->lab), *options);
  });
}

}  // namespace memlab::course
