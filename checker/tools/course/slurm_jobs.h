#pragma once
// grade-class --slurm: the class run as three Slurm jobs, each calling memlab-course back:
//   build    (CPU)      configures the grading tree, compiles the checker once and every submission
//   check    (array)    one task per chunk of submissions, one GPU each (--gres=gpu:1), after build
//   collect  (CPU)      the class summary, after every task of the array has ended (afterany)
#include <string>
#include <vector>

#include "class_run.h"

namespace memlab::course {

struct SlurmOptions {
  std::string sbatch = "sbatch";
  std::string partition, account;
  std::string check_time = "01:00:00";  // one array task: a chunk's checks
  std::string build_time = "02:00:00";
  int build_cpus = 8;
  std::string gres = "gpu:1";           // "" leaves GPUs to the cluster's own options (extra args)
  std::vector<std::string> extra_args;  // given to every sbatch, e.g. --qos=short
  bool wait = false;                    // block until the collect job has ended
};

// Writes the job scripts into <out>/slurm/ and submits them; prints the job ids. Returns the
// collect job's exit status with `wait`, else 0.
int submit_class_jobs(const ClassRun& run, const SlurmOptions& slurm);

}  // namespace memlab::course
