#pragma once
// Grading the submissions of one lab in a grading tree: a build folder of the pristine course,
// outside it, configured with the class (cmake/MemlabClass.cmake). The checker is compiled once
// per tree; each submission compiles only its own files. Builds run in parallel; the checks of
// one submission at a time run on each GPU.
#include <filesystem>
#include <string>
#include <vector>

#include "course_root.h"

namespace memlab::course {

namespace fs = std::filesystem;

// One submission, staged: its student files copied out of what the instructor gave.
struct Submission {
  std::string id;                      // [A-Za-z0-9_-]+, unique in the class: names tests and folders
  fs::path source;                     // the folder, .zip or .tar.gz given
  fs::path files_dir;                  // holds <lab folder>/<each student file>
  std::string problem;                 // "" or why it cannot be graded (a missing or ambiguous file)
  std::string variant = "submission";  // printed in its report (calibrate grades "starter", "solution")
};

struct GradingOptions {
  fs::path course;                 // the pristine course tree
  fs::path out;                    // everything the run writes: submissions/, results/, logs/, tree/
  fs::path tree;                   // the grading tree; empty: <out>/tree
  std::string thresholds;          // an instructor's overrides file, or ""
  int jobs = 0;                    // parallel compile jobs; 0: one per core
  std::vector<int> gpus;           // devices, one grading at a time on each; empty: every visible one
  int compile_timeout_s = 300;     // one student file's compile, then it is an error
  std::string cuda_architectures;  // "": the tree's default (this GPU's own, or one without a GPU)
  bool fresh = false;              // regrade submissions whose report is already complete
};

struct GradedSubmission {
  Submission submission;
  fs::path results_dir;      // <out>/results/<id>
  fs::path report_json;      // results_dir/labNN.json (absent when grading did not end)
  fs::path gradescope_json;  // results_dir/gradescope.json
  fs::path log;              // <out>/logs/<id>.log: what the build and the checks printed
};

// Copies the lab's student files out of `source` (a folder, a .zip or a .tar.gz; files found by
// name anywhere inside) into <out>/submissions/<id>/<lab folder>/. A missing or ambiguous file
// is recorded in `problem`, not thrown: the submission still gets a report that says so.
Submission stage_submission(const fs::path& source, const std::string& id, const LabInfo& lab, const fs::path& out);

// Grades every staged submission; one entry per submission, in the same order. Submissions
// graded completely by an earlier run with the same files and thresholds are kept (unless
// options.fresh).
std::vector<GradedSubmission> grade_submissions(const GradingOptions& options, const LabInfo& lab,
                                                const std::vector<Submission>& submissions);

// The steps of grade_submissions(), apart for a Slurm job array (slurm_jobs.h).
fs::path tree_of(const GradingOptions& options);
GradedSubmission graded_entry(const GradingOptions& options, const LabInfo& lab, const Submission& submission);
// A complete report of these files and thresholds, with no inconclusive verdict.
bool is_graded(const GradingOptions& options, const LabInfo& lab, const Submission& submission);
std::vector<Submission> pending_submissions(const GradingOptions& options, const LabInfo& lab,
                                            const std::vector<Submission>& submissions);
void configure_class_tree(const GradingOptions& options, const LabInfo& lab,
                          const std::vector<Submission>& submissions);
void build_class(const GradingOptions& options, const LabInfo& lab, const std::vector<Submission>& pending);
void check_class(const GradingOptions& options, const LabInfo& lab, const std::vector<Submission>& pending);
std::vector<int> visible_gpus();

}  // namespace memlab::course
