// memlab-course export-student DIR [--course ROOT] [--force] [--git]: the students' copy of the
// course. It holds the course's files but solutions/ and the instructor's material
// (export_files.h), its Markdown without the instructor-only passages (export_markers.h), the
// translations' stamps written for the copy's English pages (export_translations.h),
// presets that build no solution (cmake/GeneratePresets.cmake with STUDENT_COPY) and a GitHub
// Classroom workflow that grades each lab's CPU checks (export_classroom.h).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "commands.h"
#include "course_root.h"
#include "export_classroom.h"
#include "export_files.h"
#include "export_markers.h"
#include "export_process.h"
#include "export_translations.h"
#include "tool_paths.h"

namespace memlab::course {

namespace {

struct ExportOptions {
  std::string dir;
  std::string course;
  bool force = false;
  bool git = false;
};

// One file of the copy: written from `text`, or copied from the course as it is.
struct CopiedFile {
  std::string path;
  std::optional<std::string> text;
};

struct LeftOut {
  int count = 0;
  std::string example;  // the first path left out for this reason
};

struct CopyPlan {
  std::vector<CopiedFile> files;
  std::map<std::string, LeftOut> left_out;  // by reason
  std::vector<std::string> untracked;       // files git does not track yet, which the copy holds
  int marked_files = 0;
  int instructor_passages = 0;
  int student_passages = 0;
};

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool is_inside(const fs::path& path, const fs::path& folder) {
  const auto rel = path.lexically_relative(folder);
  return !rel.empty() && *rel.begin() != "..";
}

void write_text(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

// DIR made absolute and ready: it must not exist or be empty, unless --force, which empties it
// (its .git stays, so a Classroom template repository can be exported into again and committed).
fs::path prepared_target(const std::string& given, const fs::path& course, bool force) {
  const fs::path dir = fs::weakly_canonical(fs::absolute(given));
  if (dir == course || is_inside(course, dir)) {
    throw std::runtime_error(dir.string() + " holds the course itself; give a folder outside it or under its build/");
  }
  if (!fs::exists(dir)) return dir;
  if (!fs::is_directory(dir)) throw std::runtime_error(dir.string() + " exists and is not a folder");
  if (fs::is_empty(dir)) return dir;
  if (!force) {
    throw std::runtime_error(dir.string() + " is not empty; give --force to replace what it holds (its .git stays)");
  }
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename() != ".git") fs::remove_all(entry.path());
  }
  return dir;
}

// The course's files, split into what the copy holds and what it leaves out. A Markdown file's
// text is its student version; docs/nav.txt and docs/translations.txt lose the pages that stay
// out. Marker mistakes stop the export before anything is written, all of them listed.
CopyPlan plan_copy(const fs::path& course, const fs::path& dir) {
  CopyPlan plan;
  std::vector<std::string> kept, left_out_paths;
  for (auto& path : course_files(course, &plan.untracked)) {
    if (is_inside(course / path, dir)) continue;  // an earlier copy under the course's build/
    if (path == "CMakePresets.json") continue;    // written for the copy (write_presets)
    if (const auto reason = instructor_only(path)) {
      LeftOut& group = plan.left_out[*reason];
      if (group.count++ == 0) group.example = path;
      left_out_paths.push_back(path);
    } else {
      kept.push_back(path);
    }
  }
  // Only the new files that the copy holds are worth a note.
  const std::set<std::string> kept_set(kept.begin(), kept.end());
  plan.untracked.erase(std::remove_if(plan.untracked.begin(), plan.untracked.end(),
                                      [&](const std::string& f) { return !kept_set.count(f); }),
                       plan.untracked.end());
  const auto removed = removed_docs_pages(left_out_paths);
  const std::set<std::string> removed_pages(removed.begin(), removed.end());

  std::string problems;
  for (const auto& path : kept) {
    CopiedFile file{path, std::nullopt};
    if (ends_with(path, ".md")) {
      StudentText student = student_text(read_text(course / path));
      for (const auto& p : student.problems)
        problems += "  " + path + ":" + std::to_string(p.line) + ": " + p.message + "\n";
      if (student.instructor_passages + student.student_passages > 0) {
        ++plan.marked_files;
        plan.instructor_passages += student.instructor_passages;
        plan.student_passages += student.student_passages;
        file.text = std::move(student.text);
      }
    } else if (path == "docs/nav.txt") {
      file.text = nav_without_pages(read_text(course / path), removed_pages);
    } else if (path == "docs/translations.txt") {
      file.text = translation_list_without_pages(read_text(course / path), removed_pages);
    }
    plan.files.push_back(std::move(file));
  }
  if (!problems.empty()) throw std::runtime_error("the course text's instructor-only markers are wrong:\n" + problems);
  return plan;
}

void write_copy(const CopyPlan& plan, const fs::path& course, const fs::path& dir) {
  for (const auto& file : plan.files) {
    const fs::path to = dir / file.path;
    if (file.text) {
      write_text(to, *file.text);
      fs::permissions(to, fs::status(course / file.path).permissions());
    } else {
      fs::create_directories(to.parent_path());
      fs::copy_file(course / file.path, to, fs::copy_options::overwrite_existing);  // keeps the mode (scripts)
    }
  }
}

// The copy's CMakePresets.json, by the copy's own generator: no preset that builds solutions/.
void write_presets(const fs::path& dir) {
  run_or_throw({cmake_program(), "-DSOURCE_DIR=" + dir.string(), "-DSTUDENT_COPY=ON", "-P",
                (dir / "cmake" / "GeneratePresets.cmake").string()},
               dir);
}

std::vector<ClassroomLab> write_classroom(const fs::path& course, const fs::path& dir) {
  const fs::path grader = dir / "checker/tools/classroom-grade.sh";
  if (!fs::is_regular_file(grader)) {
    throw std::runtime_error("the copy has no checker/tools/classroom-grade.sh, which the Classroom workflow runs");
  }
  const auto labs = classroom_labs(course_labs(course));
  write_text(dir / kClassroomWorkflow, classroom_workflow(read_text(course / kClassroomTemplate), labs));
  return labs;
}

// What no copy may hold, checked once more on the written tree.
void check_written_copy(const fs::path& dir) {
  if (fs::exists(dir / "solutions"))
    throw std::runtime_error("the copy holds solutions/ (this is a bug of export-student)");
}

std::string course_commit(const fs::path& course) {
  if (!fs::exists(course / ".git")) return "";
  const ProgramRun run = run_program({"git", "rev-parse", "--short=12", "HEAD"}, course, false);
  std::string commit = run.exit_code == 0 ? run.output : "";
  while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r')) commit.pop_back();
  return commit;
}

// --git: the copy as one commit (a GitHub Classroom template repository is pushed from here).
// Without a configured git identity the commit is signed by the tool, not refused.
void commit_copy(const fs::path& dir, const fs::path& course) {
  if (!fs::exists(dir / ".git")) run_or_throw({"git", "init", "-q", "-b", "main"}, dir);
  run_or_throw({"git", "add", "-A"}, dir);
  std::vector<std::string> commit = {"git"};
  if (run_program({"git", "config", "user.email"}, dir).exit_code != 0) {
    commit.insert(commit.end(),
                  {"-c", "user.name=memlab-course export-student", "-c", "user.email=memlab-course@localhost"});
  }
  const std::string source = course_commit(course);
  const std::string message = "CUDA Memory Labs: the students' copy\n\nWritten by memlab-course export-student" +
                              (source.empty() ? std::string(".") : " from commit " + source + " of the course.");
  commit.insert(commit.end(), {"commit", "-q", "-m", message});
  run_or_throw(commit, dir);
}

int total_points(const std::vector<ClassroomLab>& labs) {
  int total = 0;
  for (const auto& lab : labs) total += lab.cpu_points;
  return total;
}

void print_summary(const CopyPlan& plan, const TranslationStamps& stamps, const std::vector<ClassroomLab>& labs,
                   const fs::path& dir, bool git) {
  int left_out = 0;
  for (const auto& [reason, group] : plan.left_out) left_out += group.count;
  std::cout << "Wrote the students' copy of the course to " << dir.string() << ":\n"
            << "  " << plan.files.size() << " files of the course; " << left_out << " left out:\n";
  for (const auto& [reason, group] : plan.left_out) {
    std::cout << "    " << group.count << " x " << reason << " (" << group.example << (group.count > 1 ? ", ..." : "")
              << ")\n";
  }
  std::cout << "  " << plan.instructor_passages << " instructor-only passages removed and " << plan.student_passages
            << " student-copy passages shown, in " << plan.marked_files << " Markdown files\n";
  if (stamps.translations > 0) {
    std::cout << "  " << stamps.translations << " translations: " << stamps.rewritten
              << " stamps written again for the copy's English pages";
    if (!stamps.stale.empty()) {
      std::cout << "; " << stamps.stale.size()
                << " not up to date in the course, stamps left as they were (first: " << stamps.stale.front() << ")";
    }
    std::cout << "\n";
  }
  std::cout << "  CMakePresets.json: the labNN, all and docs presets (none builds solutions/)\n"
            << "  " << kClassroomWorkflow << ": " << labs.size() << " labs graded on their CPU checks, "
            << total_points(labs) << " points in all\n";
  if (!plan.untracked.empty()) {
    std::cout << "  note: " << plan.untracked.size()
              << " of its files are not committed to the course yet (first: " << plan.untracked.front() << ")\n";
  }
  if (git) std::cout << "  git: the copy is one commit on branch main of " << (dir / ".git").string() << "\n";
  std::cout << "Try it: cd " << dir.string() << " && cmake --preset lab01 && ctest\n";
}

void export_student(const ExportOptions& options) {
  const fs::path course = fs::weakly_canonical(checked_course_root(options.course));
  if (!fs::is_directory(course / "solutions")) {
    throw std::runtime_error(course.string() +
                             " has no solutions/: it is a students' copy already; export from the full course");
  }
  // Everything that can fail on the course's side is checked before DIR is touched.
  const CopyPlan plan = plan_copy(course, fs::weakly_canonical(fs::absolute(options.dir)));
  const fs::path dir = prepared_target(options.dir, course, options.force);
  write_copy(plan, course, dir);
  std::vector<std::string> written;
  for (const auto& file : plan.files) written.push_back(file.path);
  const TranslationStamps stamps = restamp_translations(course, dir, written);
  write_presets(dir);
  const auto labs = write_classroom(course, dir);
  check_written_copy(dir);
  if (options.git) commit_copy(dir, course);
  print_summary(plan, stamps, labs, dir, options.git);
}

}  // namespace

void add_export_student_command(CLI::App& app) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* sub = app.add_subcommand(
      "export-student",
      "Write the students' copy of the course: no solutions/, no instructor-only text, a GitHub Classroom workflow");
  sub->add_option("DIR", options->dir, "The folder to write (it must not exist, or be empty)")->required();
  sub->add_option("--course", options->course, "The course to export (default: the tree this tool was built from)");
  sub->add_flag("--force", options->force, "Replace what DIR holds (its .git folder stays)");
  sub->add_flag("--git", options->git, "Make DIR a git repository with the copy as one commit (a Classroom template)");
  sub->callback([options] { export_student(*options); });
}

}  // namespace memlab::course
