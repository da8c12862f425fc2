#pragma once
// A Gradescope autograder for one lab (docs/instructor-guide.md#gradescope). The zip holds, at
// its root:
//   setup.sh                 Gradescope runs it once, when it builds the image: packages, the
//                            instructor's tools, and the grading tree warmed by grading the starter
//   run_autograder           Gradescope runs it for every submission: memlab-course grade, then
//                            results.json (always written, score 0 with the reason when grading fails)
//   memlab-autograder.conf   the lab and the settings both scripts read (shell variables)
//   thresholds.json          the instructor's threshold overrides, when given
//   course/                  the course tree, without solutions/ and without build folders: student
//                            code runs inside the autograder and must not find the solutions there
// The two scripts are checker/tools/course/gradescope/ of the packaged course, copied as they are.
#include <filesystem>
#include <string>
#include <vector>

namespace memlab::course {

namespace fs = std::filesystem;

struct GradescopePackageOptions {
  std::string lab;                                 // "4" or "04"
  fs::path out;                                    // the zip; empty: autograder-labNN.zip in the current folder
  std::string course;                              // the course tree; empty: the one memlab-course was built from
  std::string thresholds;                          // an instructor's overrides file, or ""
  std::string cuda = "auto";                       // where setup.sh takes the CUDA Toolkit from: auto, image or apt
  std::string cuda_package = "cuda-toolkit-12-8";  // NVIDIA's apt package, for auto and apt
  int grade_timeout_s = 480;                       // run_autograder stops a grading after this long
};

struct GradescopePackage {
  fs::path zip;
  std::string lab;          // "04"
  double max_score = 0;     // the lab's points, with the overrides: the Gradescope assignment's points
  double cpu_score = 0;     // of those, the points of the checks that need no GPU
  size_t course_files = 0;  // files of the course in the zip
};

// The course's files that go into the package, as paths relative to `course`, sorted. When
// `course` is a git checkout: the files that git does not ignore (`git ls-files --cached --others
// --exclude-standard`, so build folders stay out), that exist. Otherwise every file found by
// walking it, skipping build/, Testing/, .git, .deps, .baseline and CMakeUserPresets.json. In both:
// regular files only (no links), no .zip (an earlier package), and never anything under solutions/.
std::vector<fs::path> course_files_for_autograder(const fs::path& course);

// Writes the package; throws std::runtime_error with a message for the instructor.
GradescopePackage write_gradescope_package(const GradescopePackageOptions& options);

}  // namespace memlab::course
