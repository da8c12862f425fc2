#pragma once
// The operating system's half of the trust boundary: what a process that runs student code may
// still do. Student host code can reach any libc function through a pointer it computes, so it is
// assumed to make any system call; only the kernel can refuse one. A contained process
//   - may create, change or remove files only beneath its own scratch folder (Landlock);
//   - may not open TCP connections or listen (Landlock, ABI 4), nor send signals to or reach
//     abstract UNIX sockets of processes outside its domain (Landlock, ABI 6);
//   - may not trace or read another process (ptrace, process_vm_*), create sockets other than
//     local (AF_UNIX) ones, which the CUDA driver needs, use io_uring (which would bypass this
//     filter), mount, load kernel code or reboot (seccomp, with no-new-privileges);
//   - dies with its parent (PR_SET_PDEATHSIG), inherits no descriptor but stdin/out/err and its
//     record pipe, and writes no core file.
// Whatever it starts stays below the grader, which is a subreaper (end_descendants): every process
// left when the step ends is killed and reaped before anything reads the step's results.
#include <sys/types.h>

#include <string>
#include <vector>

namespace memlab {

// What this kernel offers, probed without changing this process.
struct ContainmentSupport {
  int landlock_abi = 0;  // 0: no Landlock (kernel too old, or not enabled at boot)
  bool seccomp = false;  // seccomp filters with no-new-privileges
  bool subreaper = false;
};
ContainmentSupport probe_containment();

// The layers a contained process gets on this kernel, in words, for the judge's console:
// "Landlock ABI 7, seccomp, subreaper" (the report words them in the student's language).
std::string containment_summary(const ContainmentSupport& s);

// What a contained process may do on top of the rules above. The check programs get the defaults;
// the recorder, which runs the student's host code (checker/record/), gets less.
struct ContainmentProfile {
  // false: the GPU's device files cannot be opened (Landlock: reading is handled too, and /dev
  // keeps only null, zero, full, random, urandom and shm), so CUDA finds no device.
  bool gpu = true;
  // false: no new process (fork, vfork, clone without CLONE_THREAD and clone3 are refused by
  // seccomp; threads are still allowed). Such a process can leave nothing behind, and stopping
  // it (SIGSTOP) stops everything it runs.
  bool processes = true;
  // true: abstract UNIX sockets made inside the caller's own Landlock domain stay reachable (no
  // scope of this layer). A CUDA process's child needs its parent's socket to start CUDA (on the
  // H200, the recorder's CUDA refused to start without); the caller's own layer, where it is
  // contained, still keeps every socket outside its domain out of reach.
  bool parent_sockets = false;
  // true: the process's children may write their own /proc files too (all of /proc is writable
  // in this layer). CUDA names its threads there at start; the check program, which runs no
  // student code, starts the recorder, whose own layer again allows only its own /proc files.
  bool children_proc = false;
};

// Prepared in the parent before fork (it allocates), applied in the child between fork and exec
// (only system calls: safe after fork in a process with threads).
class Containment {
 public:
  // `writable`: the folders the contained process may write beneath (its scratch space). They
  // must exist. /dev keeps write access to existing device files (the GPU's, /dev/null).
  explicit Containment(const std::vector<std::string>& writable, ContainmentProfile profile = {});
  ~Containment();
  Containment(const Containment&) = delete;
  Containment& operator=(const Containment&) = delete;

  // In the child: closes every descriptor above `keep_up_to` (after the caller put its own on
  // 0..keep_up_to), then restricts the process. Returns 0, or the errno of the step that failed
  // with `step` naming it: the caller must not exec then (a contained step never runs without
  // its containment where the kernel offers it).
  int apply_in_child(int keep_up_to, const char** step) const;

  const ContainmentSupport& support() const { return support_; }

 private:
  ContainmentSupport support_;
  ContainmentProfile profile_;
  std::vector<int> writable_fds_;      // O_PATH descriptors of the writable folders (closed in the child)
  std::vector<int> readable_fds_;      // without the GPU: every top-level folder but /dev
  std::vector<int> readable_dev_fds_;  // without the GPU: the harmless device files, and top-level files
  int dev_fd_ = -1, dev_shm_fd_ = -1;
  std::vector<unsigned char> filter_;  // the seccomp program (struct sock_filter[])
};

// Makes this process the reaper of every orphan below it (PR_SET_CHILD_SUBREAPER), so that a
// process that double-forks or leaves its session still comes back to it. False where the kernel
// has no subreapers (before 3.4).
bool become_subreaper();

// One process found below this one: "4242 (memlab-escape)".
struct LeftProcess {
  pid_t pid = 0;
  std::string name;
};
// Kills every process below this one (SIGKILL, rounds until none is left, orphans included
// where this process is a subreaper), reaps them, and returns those it found alive. Call it only
// when no step of this process should still be running.
std::vector<LeftProcess> end_descendants();

// "4242 (memlab-escape), 4243 (sh)"
std::string describe(const std::vector<LeftProcess>& left);

}  // namespace memlab
