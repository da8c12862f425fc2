#pragma once
// Running a program that may misbehave (it holds student code): in a process group of its own,
// with a pipe on which it sends its records, and a deadline after which the whole group is killed.
#include <functional>
#include <string>
#include <vector>

namespace memlab {

struct ChildResult {
  bool started = false;
  std::string start_error;
  bool timed_out = false;
  int exit_code = -1;  // >= 0 when it exited
  int signal = 0;      // > 0 when a signal ended it
};

struct ChildOptions {
  double deadline_s = 600;
  int record_fd = -1;        // the fd number the child writes records on; -1: no record pipe
  std::string output_file;   // "": the child's stdout and stderr stay the judge's
  bool echo_output = false;  // with output_file: also copy it to our stdout
};

// Runs argv[0] with argv; calls on_line for every complete line the child writes on record_fd.
ChildResult run_child(const std::vector<std::string>& argv, const ChildOptions& options,
                      const std::function<void(const std::string&)>& on_line);

}  // namespace memlab
