// Staging one submission: the lab's student files, found by name anywhere in what the student
// handed in, copied into a folder of the class run. Nothing of the submission is trusted: archive
// entries that would land outside their folder are refused, links are never followed, and a
// file that is missing, doubled or too large becomes the submission's recorded problem.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

#include "child_process.h"
#include "class_grading.h"
#include "tool_paths.h"

namespace memlab::course {
namespace {

constexpr std::uintmax_t kMaxStudentFileBytes = 1 << 20;  // a lab's file is a few kB

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool is_archive(const fs::path& p) {
  const std::string name = p.filename().string();
  return ends_with(name, ".zip") || ends_with(name, ".tar.gz") || ends_with(name, ".tgz") || ends_with(name, ".tar");
}

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Runs cmake -E ... with its output in `log`; true when it exited 0.
bool run_cmake_tool(const std::vector<std::string>& args, const fs::path& log) {
  std::vector<std::string> argv{cmake_program()};
  argv.insert(argv.end(), args.begin(), args.end());
  ChildOptions co;
  co.deadline_s = 120;
  co.output_file = log.string();
  const ChildResult r = run_child(argv, co, [](const std::string&) {});
  return r.started && !r.timed_out && r.exit_code == 0;
}

// "" when every entry of the archive stays inside the folder it is unpacked into, else why not:
// an absolute path, a "..", or a link (a link could point a later entry anywhere).
std::string unsafe_entry(const fs::path& archive, const fs::path& log) {
  if (!run_cmake_tool({"-E", "tar", "tf", archive.string()}, log)) return "it is not a readable archive";
  std::ifstream names(log);
  std::string entry;
  while (std::getline(names, entry)) {
    const fs::path p(entry);
    if (p.is_absolute()) return "it holds an absolute path (" + entry + ")";
    for (const auto& part : p)
      if (part == "..") return "it holds a path that leaves its folder (" + entry + ")";
  }
  if (!run_cmake_tool({"-E", "tar", "tvf", archive.string()}, log)) return "it is not a readable archive";
  std::ifstream listing(log);
  while (std::getline(listing, entry))
    if (!entry.empty() && (entry[0] == 'l' || entry[0] == 'h')) return "it holds a link (" + entry + ")";
  return "";
}

// Unpacks `archive` into `into`; returns "" or why it could not.
std::string unpack(const fs::path& archive, const fs::path& into) {
  fs::remove_all(into);
  fs::create_directories(into);
  const fs::path log = into.string() + ".log";
  if (const std::string why = unsafe_entry(archive, log); !why.empty()) return archive.filename().string() + ": " + why;
  if (!run_cmake_tool(
          {"-E", "chdir", into.string(), cmake_program(), "-E", "tar", "xf", fs::absolute(archive).string()}, log))
    return archive.filename().string() + ": it could not be unpacked (see " + log.string() + ")";
  return "";
}

// Regular files of that name under `root`; links and hidden or macOS resource folders are skipped.
std::vector<fs::path> files_named(const fs::path& root, const std::string& name) {
  std::vector<fs::path> found;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::string leaf = it->path().filename().string();
    const auto status = it->symlink_status();
    if (fs::is_directory(status) && (leaf == "__MACOSX" || (!leaf.empty() && leaf[0] == '.'))) {
      it.disable_recursion_pending();
      continue;
    }
    if (leaf == name && fs::is_regular_file(status)) found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

// The one file of that name, or "" with `problem` saying why there is not exactly one.
fs::path the_file(const fs::path& root, const std::string& name, const std::string& shown, std::string& problem) {
  const std::vector<fs::path> found = files_named(root, name);
  if (found.empty()) {
    problem = name + " is missing: no file of that name in " + shown;
    return {};
  }
  // Copies with the same bytes (a file at the top and again in a folder) are one file.
  const std::string first = read_bytes(found[0]);
  bool same = true;
  for (size_t i = 1; i < found.size(); ++i) same = same && read_bytes(found[i]) == first;
  if (!same) {
    problem =
        name + " is ambiguous: " + std::to_string(found.size()) + " different files of that name in " + shown + " (";
    for (size_t i = 0; i < found.size(); ++i) problem += (i ? ", " : "") + fs::relative(found[i], root).string();
    problem += ")";
    return {};
  }
  if (fs::file_size(found[0]) > kMaxStudentFileBytes) {
    problem = name + " is larger than 1 MiB; a lab's file is a few kilobytes";
    return {};
  }
  return found[0];
}

// Text without the characters that would end a CMake list or argument in the class file.
std::string plain(std::string s) {
  for (char& c : s)
    if (c == ';' || c == '\n' || c == '\r' || c == '"' || c == '\\' || c == '$') c = ' ';
  return s;
}

}  // namespace

Submission stage_submission(const fs::path& source, const std::string& id, const LabInfo& lab, const fs::path& out) {
  Submission s;
  s.id = id;
  s.source = fs::absolute(source);
  s.files_dir = out / "submissions" / id;
  fs::remove_all(s.files_dir);
  const fs::path lab_files = s.files_dir / lab.folder;
  fs::create_directories(lab_files);

  fs::path root = s.source;
  const std::string shown = s.source.filename().string();
  if (fs::is_regular_file(s.source) && is_archive(s.source)) {
    root = out / "unpacked" / id;
    if (const std::string why = unpack(s.source, root); !why.empty()) {
      s.problem = plain(why);
      return s;
    }
  } else if (!fs::is_directory(s.source)) {
    s.problem = shown + " is neither a folder nor a .zip, .tar.gz or .tar archive";
    return s;
  }
  std::vector<std::string> problems;
  for (const auto& name : lab.manifest.student_files) {
    std::string problem;
    const fs::path file = the_file(root, name, shown, problem);
    if (!problem.empty()) {
      problems.push_back(problem);
      continue;
    }
    fs::copy_file(file, lab_files / name, fs::copy_options::overwrite_existing);
  }
  for (size_t i = 0; i < problems.size(); ++i) s.problem += (i ? ". " : "") + problems[i];
  s.problem = plain(s.problem);
  return s;
}

}  // namespace memlab::course
