#pragma once
// Running a program that may misbehave (it holds student code): in a process group of its own,
// with a pipe on which it sends its records, and a deadline after which the whole group is killed.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "containment.h"

namespace memlab {

struct ChildResult {
  bool started = false;
  std::string start_error;
  bool timed_out = false;
  int exit_code = -1;  // >= 0 when it exited
  int signal = 0;      // > 0 when a signal ended it
  // With ChildOptions::end_leftovers: the processes still alive below this one once the child
  // had ended (it started them and left them); all of them were killed before run_child returned.
  std::vector<LeftProcess> left_behind;
  std::string containment_error;  // the child could not be contained, so it did not run
};

struct ChildOptions {
  double deadline_s = 600;
  int record_fd = -1;  // the fd number the child writes records on; -1: no record pipe
  // A record line longer than this reaches on_line cut to max_line_bytes + 1 bytes, and the rest
  // of it is dropped (line_splitter.h); 0: no limit.
  std::size_t max_line_bytes = 0;
  std::string output_file;   // "": the child's stdout and stderr stay the judge's
  bool echo_output = false;  // with output_file: also copy it to our stdout
  // The child runs contained (containment.h); nullptr: as an ordinary child.
  const Containment* containment = nullptr;
  // Variables set in the child's environment ("NAME=value"), on top of this process's.
  std::vector<std::string> environment;
  // When the child ends (or at the deadline), every process below this one is killed and
  // reaped, and those found alive are reported (ChildResult::left_behind). Only for a caller
  // that runs one child at a time and has made itself a subreaper (become_subreaper()).
  bool end_leftovers = false;
  // Where the child's pid is written as soon as it exists (a signal handler of the caller may
  // read it to stop the child's process group); nullptr: nowhere.
  volatile pid_t* started_pid = nullptr;
};

// Runs argv[0] with argv; calls on_line for every complete line the child writes on record_fd.
ChildResult run_child(const std::vector<std::string>& argv, const ChildOptions& options,
                      const std::function<void(const std::string&)>& on_line);

}  // namespace memlab
