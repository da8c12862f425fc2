// Which files of the course go into a Gradescope package (gradescope_package.h).
#include <algorithm>
#include <set>

#include "gradescope_package.h"
#include "gradescope_process.h"

namespace memlab::course {

namespace {

// Student code runs inside the autograder: the reference solutions must not be there.
bool is_solution(const fs::path& relative) { return *relative.begin() == "solutions"; }

// An earlier package (autograder-labNN.zip, written at the course root by default) must not
// travel inside the next one; the course itself has no archives.
bool is_archive(const fs::path& relative) { return relative.extension() == ".zip"; }

// The files of `course` that git does not ignore (tracked, and new ones not yet added: the
// package is the working tree an instructor tests), or nothing when it is not a git checkout.
std::vector<fs::path> git_listed_files(const fs::path& course) {
  const auto listing =
      program_output({"git", "-C", course.string(), "ls-files", "-z", "--cached", "--others", "--exclude-standard"});
  std::vector<fs::path> files;
  if (!listing) return files;
  for (size_t at = 0; at < listing->size();) {
    const size_t end = listing->find('\0', at);
    const std::string name = listing->substr(at, end == std::string::npos ? std::string::npos : end - at);
    // A tracked file deleted in the working tree is not part of the course any more.
    if (!name.empty() && fs::is_regular_file(fs::symlink_status(course / name)) && !is_archive(name))
      files.emplace_back(name);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return files;
}

// What a walk skips: build outputs, version control, local state, and earlier packages.
bool skipped_by_walk(const fs::directory_entry& entry, const fs::path& relative) {
  static const std::set<std::string> folders = {"build", ".git", ".deps", ".baseline"};
  const std::string name = entry.path().filename().string();
  if (fs::is_directory(entry.symlink_status())) return folders.count(name) > 0 || relative == "Testing";
  return relative == "CMakeUserPresets.json" || is_archive(relative);
}

std::vector<fs::path> walked_files(const fs::path& course) {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(course); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path relative = it->path().lexically_relative(course);
    if (skipped_by_walk(*it, relative)) {
      if (fs::is_directory(it->symlink_status())) it.disable_recursion_pending();
      continue;
    }
    if (fs::is_regular_file(it->symlink_status())) files.push_back(relative);
  }
  return files;
}

}  // namespace

std::vector<fs::path> course_files_for_autograder(const fs::path& course) {
  std::vector<fs::path> files = git_listed_files(course);
  if (files.empty()) files = walked_files(course);
  files.erase(std::remove_if(files.begin(), files.end(), is_solution), files.end());
  std::sort(files.begin(), files.end());
  // git lists a file once per stage while a merge conflict is open.
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

}  // namespace memlab::course
