#pragma once
// Which files of the course go into the student copy.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace memlab::course {

namespace fs = std::filesystem;

// The course's files, as paths relative to `course` with '/' separators, sorted. In a git
// checkout: the files git tracks and the new files it does not ignore (`git ls-files --cached
// --others --exclude-standard`), so a build tree never counts and a file not committed yet
// does. Otherwise every file under `course` but build/, Testing/, .deps/, .baseline/,
// CMakeUserPresets.json and .git. `untracked` (may be null) receives the files git does not
// track yet.
std::vector<std::string> course_files(const fs::path& course, std::vector<std::string>* untracked);

// Why a file of the course stays out of the student copy (a short phrase for the summary), or
// nothing when it goes in. Out: solutions/, the instructor guide, the course's own CI and test
// suite (they grade the solutions and the known-wrong submissions), the instructor's scripts
// that build the solutions, and the Classroom template (the copy gets the workflow itself). A
// translation X.zh.md goes where its English page X.md goes.
std::optional<std::string> instructor_only(const std::string& path);

// The docs pages among the paths left out, relative to docs/ ("instructor-guide.md"), sorted,
// each once: their lines go from docs/nav.txt. A translation counts as its English page
// (docs/instructor-guide.zh.md: "instructor-guide.md"), which is what nav.txt names.
std::vector<std::string> removed_docs_pages(const std::vector<std::string>& left_out);

// The bytes of `file`; throws std::runtime_error naming it when it cannot be read.
std::string read_text(const fs::path& file);

}  // namespace memlab::course
