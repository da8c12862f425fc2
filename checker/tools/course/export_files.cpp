#include "export_files.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "export_process.h"

namespace memlab::course {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A translation X.zh.md (memlab-site's languages.hpp) counts as its English page X.md: the
// translation of a page that stays out stays out with it.
std::string english_page_of(const std::string& path) {
  const std::string suffix = ".zh.md";
  const bool translation =
      ends_with(path, suffix) && path.size() > suffix.size() && path[path.size() - suffix.size() - 1] != '/';
  return translation ? path.substr(0, path.size() - suffix.size()) + ".md" : path;
}

// `git ls-files -z ARGS` in `course`: NUL-separated paths relative to it.
std::vector<std::string> git_files(const fs::path& course, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"git", "ls-files", "-z"};
  argv.insert(argv.end(), args.begin(), args.end());
  const std::string out = run_or_throw(argv, course, false);
  std::vector<std::string> files;
  size_t start = 0;
  while (start < out.size()) {
    const size_t end = out.find('\0', start);
    files.push_back(out.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return files;
}

// The folders and files of a course tree that are never part of it: build trees and local state.
bool is_local_state(const fs::path& relative) {
  static const std::set<std::string> top = {"build", "Testing", ".deps", ".baseline", "CMakeUserPresets.json"};
  if (top.count(relative.begin()->string())) return true;
  return std::any_of(relative.begin(), relative.end(), [](const fs::path& part) { return part == ".git"; });
}

std::vector<std::string> walked_files(const fs::path& course) {
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(course); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path relative = it->path().lexically_relative(course);
    if (is_local_state(relative)) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files.push_back(relative.generic_string());
  }
  return files;
}

struct Rule {
  std::string path;  // a folder ends with '/'; anything else is one file
  const char* reason;
};

const std::vector<Rule>& instructor_rules() {
  static const std::vector<Rule> rules = {
      {"solutions/", "the reference solutions and the known-wrong submissions"},
      {"docs/instructor-guide.md", "the instructor guide"},
      {".ci/", "the course's own CI (it runs the ci preset)"},
      {".github/workflows/", "the course repository's own workflows (the copy gets classroom.yml)"},
      {"checker/bench/", "benchmarks of the reference solutions"},
      {"checker/tools/verify-labs.sh", "instructor scripts that build the solutions"},
      {"checker/tools/bench-harness.sh", "instructor scripts that build the solutions"},
      {"checker/tools/bench-libraries.sh", "instructor scripts that build the solutions"},
      {"checker/tools/time-grading.sh", "instructor scripts that build the solutions"},
      {"checker/tools/ncu-walkthrough.sh", "instructor scripts that profile the solutions"},
      {"checker/tools/run-article-benches.sh", "instructor scripts that run the benchmarks"},
      {"checker/tools/course/classroom/", "the GitHub Classroom template (the copy gets the workflow it makes)"},
      {"CONTRIBUTING.md", "the course maintainers' guide (adding a lab writes a reference solution)"},
      {"docs/adding-a-lab.md", "the course maintainers' guide (adding a lab writes a reference solution)"},
      {"cmake/MemlabNewLab.cmake", "the lab scaffold and its templates (it writes solutions/)"},
      {"checker/templates/", "the lab scaffold and its templates (it writes solutions/)"},
  };
  return rules;
}

}  // namespace

std::vector<std::string> course_files(const fs::path& course, std::vector<std::string>* untracked) {
  std::vector<std::string> files;
  if (fs::exists(course / ".git")) {
    for (auto& file : git_files(course, {"--cached", "--others", "--exclude-standard"})) {
      // A file deleted but not yet committed is still listed by --cached.
      if (fs::is_regular_file(fs::symlink_status(course / file))) files.push_back(std::move(file));
    }
    if (untracked) *untracked = git_files(course, {"--others", "--exclude-standard"});
  } else {
    files = walked_files(course);
    if (untracked) untracked->clear();
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

std::optional<std::string> instructor_only(const std::string& given) {
  const std::string path = english_page_of(given);
  for (const auto& rule : instructor_rules()) {
    const bool folder = rule.path.back() == '/';
    if (folder ? starts_with(path, rule.path) : path == rule.path) return std::string(rule.reason);
  }
  // The test suites of checker/ and of its parts (checker/tests/, checker/bank/tests/, ...) and of
  // the site (docs/site/tests/): the course's own tests grade the solutions and
  // the known-wrong submissions.
  const bool code = starts_with(path, "checker/") || starts_with(path, "docs/site/");
  if (code && path.find("/tests/") != std::string::npos) {
    return std::string("the course's own test suite (it grades the solutions)");
  }
  return std::nullopt;
}

std::vector<std::string> removed_docs_pages(const std::vector<std::string>& left_out) {
  std::vector<std::string> pages;
  for (const auto& given : left_out) {
    const std::string path = english_page_of(given);  // nav.txt names English pages only
    const bool markdown = path.size() > 3 && ends_with(path, ".md");
    // docs/site/ holds the site generator's sources, whose Markdown is no page (its README).
    if (starts_with(path, "docs/") && !starts_with(path, "docs/site/") && markdown) pages.push_back(path.substr(5));
  }
  std::sort(pages.begin(), pages.end());
  pages.erase(std::unique(pages.begin(), pages.end()), pages.end());
  return pages;
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace memlab::course
