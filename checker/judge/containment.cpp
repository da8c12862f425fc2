#include "containment.h"

#include <dirent.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/socket.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

namespace memlab {
namespace {

// Landlock's kernel interface (include/uapi/linux/landlock.h). Written out here because the
// distribution's headers may predate the ABI versions the running kernel has: the kernel says
// which version it speaks, and only the fields of that version are passed.
struct RulesetAttr {
  std::uint64_t handled_access_fs;
  std::uint64_t handled_access_net;  // ABI 4
  std::uint64_t scoped;              // ABI 6
};
struct __attribute__((packed)) PathBeneathAttr {
  std::uint64_t allowed_access;
  std::int32_t parent_fd;
};
constexpr unsigned kCreateRulesetVersion = 1u << 0;
constexpr int kRulePathBeneath = 1;
constexpr std::uint64_t kFsExecute = 1ull << 0, kFsReadFile = 1ull << 2, kFsReadDir = 1ull << 3;
constexpr std::uint64_t kFsWriteFile = 1ull << 1, kFsRemoveDir = 1ull << 4, kFsRemoveFile = 1ull << 5,
                        kFsMakeChar = 1ull << 6, kFsMakeDir = 1ull << 7, kFsMakeReg = 1ull << 8,
                        kFsMakeSock = 1ull << 9, kFsMakeFifo = 1ull << 10, kFsMakeBlock = 1ull << 11,
                        kFsMakeSym = 1ull << 12, kFsRefer = 1ull << 13 /* ABI 2 */,
                        kFsTruncate = 1ull << 14 /* ABI 3 */;
constexpr std::uint64_t kNetBindTcp = 1ull << 0, kNetConnectTcp = 1ull << 1;             // ABI 4
constexpr std::uint64_t kScopeAbstractUnixSocket = 1ull << 0, kScopeSignal = 1ull << 1;  // ABI 6

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

int landlock_abi() {
  const long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
  return abi < 0 ? 0 : static_cast<int>(abi);
}

// Every right that creates, changes or removes a file, as far as this ABI knows them. Reading and
// executing stay allowed everywhere: the grading files are not secret, only their integrity matters.
std::uint64_t write_rights(int abi) {
  std::uint64_t r = kFsWriteFile | kFsRemoveDir | kFsRemoveFile | kFsMakeChar | kFsMakeDir | kFsMakeReg | kFsMakeSock |
                    kFsMakeFifo | kFsMakeBlock | kFsMakeSym;
  if (abi >= 2) r |= kFsRefer;
  if (abi >= 3) r |= kFsTruncate;
  return r;
}

#if defined(__x86_64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
#else
constexpr std::uint32_t kAuditArch = 0;  // no filter on other architectures (the report says so)
#endif

// The system calls a contained process is refused (EPERM): reaching another process's memory or
// descriptors, asynchronous I/O that seccomp cannot see, and the kernel's own administration.
// Each where this architecture has it. (Sockets: seccomp_program() allows local ones only.)
std::vector<long> refused_calls() {
  std::vector<long> nrs = {
      SYS_ptrace,  SYS_process_vm_readv, SYS_process_vm_writev, SYS_mount,         SYS_umount2, SYS_pivot_root,
      SYS_bpf,     SYS_init_module,      SYS_finit_module,      SYS_delete_module, SYS_reboot,  SYS_swapon,
      SYS_swapoff, SYS_kexec_load,
  };
#ifdef SYS_kexec_file_load
  nrs.push_back(SYS_kexec_file_load);
#endif
#ifdef SYS_io_uring_setup
  nrs.insert(nrs.end(), {SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register});
#endif
#ifdef SYS_pidfd_getfd
  nrs.push_back(SYS_pidfd_getfd);
#endif
#ifdef SYS_process_madvise
  nrs.push_back(SYS_process_madvise);
#endif
#ifdef SYS_fsopen
  nrs.insert(nrs.end(), {SYS_fsopen, SYS_fsmount, SYS_move_mount, SYS_open_tree});
#endif
  return nrs;
}

std::vector<sock_filter> seccomp_program(bool processes) {
  std::vector<sock_filter> f;
  auto stmt = [&](unsigned short code, std::uint32_t k) { f.push_back(BPF_STMT(code, k)); };
  auto jump = [&](unsigned short code, std::uint32_t k, unsigned char jt, unsigned char jf) {
    f.push_back(BPF_JUMP(code, k, jt, jf));
  };
  const std::uint32_t refuse = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
  // Another architecture's calls (32-bit entry points) would bypass the numbers below: none.
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch));
  jump(BPF_JMP | BPF_JEQ | BPF_K, kAuditArch, 1, 0);
  stmt(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr));
#if defined(__x86_64__)
  jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u /* __X32_SYSCALL_BIT */, 0, 1);
  stmt(BPF_RET | BPF_K, refuse);
#endif
  for (long nr : refused_calls()) {
    jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(nr), 0, 1);
    stmt(BPF_RET | BPF_K, refuse);
  }
  // socket(): local (AF_UNIX) only. The CUDA driver needs one at start (it looks for the MPS
  // server, and names its UVM socket in the abstract namespace; seen on the H200, 2026-12-04);
  // every other family (the network, netlink, raw packets) is refused.
  if (!processes) {
    // No new process: fork and vfork refused; clone allowed only for a thread; clone3 says
    // "not implemented", so that the C library falls back to clone, whose flags seccomp can read.
#ifdef SYS_fork
    jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_fork, 0, 1);
    stmt(BPF_RET | BPF_K, refuse);
#endif
#ifdef SYS_vfork
    jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_vfork, 0, 1);
    stmt(BPF_RET | BPF_K, refuse);
#endif
#ifdef SYS_clone3
    jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
#endif
    jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4);
    stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0]));
    jump(BPF_JMP | BPF_JSET | BPF_K, 0x00010000u /* CLONE_THREAD */, 1, 0);
    stmt(BPF_RET | BPF_K, refuse);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  }
  jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 3);
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0]));
  jump(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 1, 0);
  stmt(BPF_RET | BPF_K, refuse);
  // Back to the call's number for the tests below.
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr));
  // kill(-1, ...) signals every process the caller may signal: as root, the whole machine.
  jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_kill, 0, 3);
  stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0]));
  jump(BPF_JMP | BPF_JEQ | BPF_K, 0xffffffffu, 0, 1);
  stmt(BPF_RET | BPF_K, refuse);
  stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  return f;
}

// A folder's O_PATH descriptor, numbered from 64 up: run_child puts the child's own descriptors
// (stdout, stderr, the record pipe on 3) in place before the containment reads these, and a low
// number would be overwritten by them.
int open_path(const std::string& dir) {
  const int fd = open(dir.c_str(), O_PATH | O_CLOEXEC | O_DIRECTORY);
  if (fd < 0) return fd;
  const int high = fcntl(fd, F_DUPFD_CLOEXEC, 64);
  close(fd);
  return high;
}

std::string process_name(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(in, name);
  return name.empty() ? "?" : name;
}

// pid -> (parent pid, state) of every process this one can see.
std::map<pid_t, std::pair<pid_t, char>> process_table() {
  std::map<pid_t, std::pair<pid_t, char>> table;
  DIR* proc = opendir("/proc");
  if (!proc) return table;
  while (dirent* e = readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (pid <= 0 || *end) continue;
    std::ifstream in(std::string("/proc/") + e->d_name + "/stat");
    std::string stat;
    std::getline(in, stat);
    // "pid (comm) S ppid ...": comm may hold spaces and parentheses; the last ')' ends it.
    const auto close = stat.rfind(')');
    if (close == std::string::npos || close + 4 >= stat.size()) continue;
    const char state = stat[close + 2];
    const long ppid = std::strtol(stat.c_str() + close + 4, nullptr, 10);
    table[static_cast<pid_t>(pid)] = {static_cast<pid_t>(ppid), state};
  }
  closedir(proc);
  return table;
}

}  // namespace

ContainmentSupport probe_containment() {
  ContainmentSupport s;
  s.landlock_abi = landlock_abi();
  s.seccomp = kAuditArch != 0 && prctl(PR_GET_SECCOMP) >= 0;
  int is_reaper = 0;
  s.subreaper = prctl(PR_GET_CHILD_SUBREAPER, &is_reaper) == 0;
  return s;
}

std::string containment_summary(const ContainmentSupport& s) {
  std::string text = s.landlock_abi > 0 ? "Landlock ABI " + std::to_string(s.landlock_abi) : "no Landlock";
  text += s.seccomp ? ", seccomp" : ", no seccomp";
  text += s.subreaper ? ", subreaper" : ", no subreaper";
  return text;
}

Containment::Containment(const std::vector<std::string>& writable, ContainmentProfile profile)
    : support_(probe_containment()), profile_(profile) {
  for (const auto& dir : writable) {
    const int fd = open_path(dir);
    if (fd < 0)
      throw std::runtime_error("containment: cannot open the writable folder " + dir + ": " + std::strerror(errno));
    writable_fds_.push_back(fd);
  }
  dev_fd_ = open_path("/dev");
  dev_shm_fd_ = open_path("/dev/shm");
  if (!profile_.gpu) {
    // Reading is handled too: allowed beneath every top-level folder but /dev, and in /dev only
    // for the device files no program needs a GPU for.
    if (DIR* root = opendir("/")) {
      while (dirent* e = readdir(root)) {
        const std::string name = e->d_name;
        if (name == "." || name == ".." || name == "dev") continue;
        const int fd = open(("/" + name).c_str(), O_PATH | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st {};
        const bool folder = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
        const int high = fcntl(fd, F_DUPFD_CLOEXEC, 64);
        close(fd);
        if (high < 0) continue;
        (folder ? readable_fds_ : readable_dev_fds_).push_back(high);  // a file takes file rights only
      }
      closedir(root);
    }
    for (const char* dev : {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"}) {
      const int fd = open(dev, O_PATH | O_CLOEXEC);
      if (fd < 0) continue;
      const int high = fcntl(fd, F_DUPFD_CLOEXEC, 64);
      close(fd);
      if (high >= 0) readable_dev_fds_.push_back(high);
    }
  }
  if (support_.seccomp) {
    const std::vector<sock_filter> program = seccomp_program(profile_.processes);
    filter_.resize(program.size() * sizeof(sock_filter));
    std::memcpy(filter_.data(), program.data(), filter_.size());
  }
}

Containment::~Containment() {
  for (int fd : writable_fds_) close(fd);
  for (int fd : readable_fds_) close(fd);
  for (int fd : readable_dev_fds_) close(fd);
  if (dev_fd_ >= 0) close(dev_fd_);
  if (dev_shm_fd_ >= 0) close(dev_shm_fd_);
}

int Containment::apply_in_child(int keep_up_to, const char** step) const {
  auto failed = [&](const char* what) {
    *step = what;
    return errno ? errno : EPERM;
  };
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return failed("PR_SET_PDEATHSIG");
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return failed("PR_SET_NO_NEW_PRIVS");

  const int abi = support_.landlock_abi;
  if (abi > 0) {
    RulesetAttr attr{};
    attr.handled_access_fs = write_rights(abi);
    const std::uint64_t read_rights = kFsExecute | kFsReadFile | kFsReadDir;
    if (!profile_.gpu) attr.handled_access_fs |= read_rights;
    size_t size = sizeof(std::uint64_t);
    if (abi >= 4) {
      attr.handled_access_net = kNetBindTcp | kNetConnectTcp;  // no rule allows any port
      size = 2 * sizeof(std::uint64_t);
    }
    if (abi >= 6) {
      attr.scoped = (profile_.parent_sockets ? 0 : kScopeAbstractUnixSocket) | kScopeSignal;
      size = sizeof attr;
    }
    const int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attr, size, 0));
    if (ruleset < 0) return failed("landlock_create_ruleset");
    auto allow = [&](int dir_fd, std::uint64_t rights) {
      if (dir_fd < 0) return 0L;
      PathBeneathAttr rule{rights & attr.handled_access_fs, dir_fd};
      return syscall(SYS_landlock_add_rule, ruleset, kRulePathBeneath, &rule, 0);
    };
    for (int fd : writable_fds_)
      if (allow(fd, attr.handled_access_fs) != 0) return failed("landlock_add_rule (scratch folder)");
    // The GPU's device files, /dev/null and the terminal are opened for writing; nothing is
    // created there. /dev/shm is memory, not the grading's files.
    if (profile_.gpu) {
      if (allow(dev_fd_, kFsWriteFile | kFsTruncate) != 0) return failed("landlock_add_rule (/dev)");
    } else {
      for (int fd : readable_fds_)
        if (allow(fd, read_rights) != 0) return failed("landlock_add_rule (a readable folder)");
      for (int fd : readable_dev_fds_)
        if (allow(fd, kFsReadFile | kFsWriteFile | kFsTruncate) != 0) return failed("landlock_add_rule (/dev file)");
      if (allow(dev_fd_, kFsReadDir) != 0) return failed("landlock_add_rule (/dev)");
      for (int fd : writable_fds_)
        if (allow(fd, read_rights) != 0) return failed("landlock_add_rule (scratch folder, reading)");
    }
    if (allow(dev_shm_fd_, attr.handled_access_fs) != 0) return failed("landlock_add_rule (/dev/shm)");
    // The process's own /proc files (opened here, after fork: /proc/self is this process). The
    // CUDA driver names its threads at start (fopen(/proc/self/task/TID/comm, "wb"): a write that
    // truncates; on the H200 it refused to start without). /proc/sys and
    // every other process's files stay read-only.
    const int proc_self = open(profile_.children_proc ? "/proc" : "/proc/self", O_PATH | O_CLOEXEC | O_DIRECTORY);
    const long proc_rule = allow(proc_self, kFsWriteFile | kFsTruncate);
    if (proc_self >= 0) close(proc_self);
    if (proc_rule != 0) return failed("landlock_add_rule (/proc/self)");
    if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) return failed("landlock_restrict_self");
  }
  // Every descriptor the grader holds (a results file, another step's pipe, the folders above)
  // is closed: the contained process keeps only 0..keep_up_to.
  if (syscall(SYS_close_range, static_cast<unsigned>(keep_up_to + 1), ~0u, 0u) != 0) {
    rlimit files{};
    getrlimit(RLIMIT_NOFILE, &files);
    const long last =
        files.rlim_cur == RLIM_INFINITY ? 65536 : static_cast<long>(std::min<rlim_t>(files.rlim_cur, 1 << 20));
    for (long fd = keep_up_to + 1; fd < last; ++fd) close(static_cast<int>(fd));
  }
  if (!filter_.empty()) {
    sock_fprog prog{};
    prog.len = static_cast<unsigned short>(filter_.size() / sizeof(sock_filter));
    prog.filter = reinterpret_cast<sock_filter*>(const_cast<unsigned char*>(filter_.data()));
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) return failed("seccomp");
  }
  return 0;
}

bool become_subreaper() { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0; }

std::vector<LeftProcess> end_descendants() {
  std::vector<LeftProcess> found;
  std::set<pid_t> seen;
  const pid_t self = getpid();
  using Clock = std::chrono::steady_clock;
  const auto give_up = Clock::now() + std::chrono::seconds(10);
  // Rounds: a process killed in one round may have forked just before; its child is an orphan
  // that comes back to this subreaper and is found in the next round. A zombie whose parent still
  // lives goes when that parent is killed; then it is this process's to reap.
  for (int round = 0; Clock::now() < give_up; ++round) {
    const auto table = process_table();
    std::map<pid_t, std::vector<pid_t>> children;
    for (const auto& [pid, info] : table) children[info.first].push_back(pid);
    std::vector<pid_t> live, stack{self};
    while (!stack.empty()) {
      const pid_t p = stack.back();
      stack.pop_back();
      for (pid_t c : children[p]) {
        stack.push_back(c);
        if (table.at(c).second != 'Z') live.push_back(c);
      }
    }
    for (pid_t pid : live) {
      if (seen.insert(pid).second) found.push_back({pid, process_name(pid)});
      kill(pid, SIGKILL);
    }
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    if (live.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(round < 10 ? 2 : 20));
  }
  return found;
}

std::string describe(const std::vector<LeftProcess>& left) {
  std::string text;
  for (size_t i = 0; i < left.size() && i < 8; ++i)
    text += (i ? ", " : "") + std::to_string(left[i].pid) + " (" + left[i].name + ")";
  if (left.size() > 8) text += ", and " + std::to_string(left.size() - 8) + " more";
  return text;
}

}  // namespace memlab
