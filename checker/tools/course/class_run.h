#pragma once
// A class run as a file (<out>/run.json): what grade-class was asked to grade and how, so that
// each Slurm job of the run (build, check tasks, collect) and a resumed run read the same thing.
#include <string>
#include <vector>

#include "class_grading.h"

namespace memlab::course {

struct ClassRun {
  std::string lab;  // "04"
  GradingOptions options;
  std::vector<Submission> submissions;
  std::vector<std::vector<std::string>> chunks;  // the ids of each Slurm array task
};

void save_class_run(const ClassRun& run, const fs::path& file);
ClassRun load_class_run(const fs::path& file);  // throws naming the file

// "Alice Smith.zip" -> "Alice_Smith": letters, digits, _ and -; unique among `taken` (-2, -3 ...).
std::string submission_id(const fs::path& source, std::vector<std::string>& taken);

// The submissions of a class folder: each folder, .zip, .tar.gz, .tgz or .tar in it (sorted);
// other files are left out and named in `ignored`.
std::vector<fs::path> class_folder_entries(const fs::path& dir, std::vector<std::string>& ignored);

}  // namespace memlab::course
