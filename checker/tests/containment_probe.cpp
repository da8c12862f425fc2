// The course's stand-in for hostile student code (checker.containment runs it contained): it
// tries what a submission must not be able to do and prints one line per attempt,
// "<attempt>: allowed" or "<attempt>: refused".
//   memlab-containment-probe OUTSIDE_DIR SCRATCH_DIR INHERITED_FD
#include <fcntl.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void say(const char* attempt, bool allowed) { std::printf("%s: %s\n", attempt, allowed ? "allowed" : "refused"); }

bool can_create(const std::string& path) {
  const int fd = open(path.c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
  if (fd < 0) return false;
  close(fd);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: memlab-containment-probe OUTSIDE_DIR SCRATCH_DIR INHERITED_FD\n");
    return 2;
  }
  const std::string outside = argv[1], scratch = argv[2];
  const pid_t parent = getppid();
  say("write outside", can_create(outside + "/written-by-probe"));
  say("write scratch", can_create(scratch + "/written-by-probe"));
  say("inherited descriptor", fcntl(std::atoi(argv[3]), F_GETFD) >= 0);
  const int inet = socket(AF_INET, SOCK_STREAM, 0);
  say("socket inet", inet >= 0);
  const int local = socket(AF_UNIX, SOCK_STREAM, 0);
  say("socket unix", local >= 0);
  // PTRACE_SEIZE, not ATTACH: run by hand, outside the containment, it must not stop the shell.
  const bool traced = ptrace(PTRACE_SEIZE, parent, nullptr, nullptr) == 0;
  if (traced) ptrace(PTRACE_DETACH, parent, nullptr, nullptr);
  say("ptrace parent", traced);
  char byte = 0;
  iovec mine{&byte, 1}, theirs{reinterpret_cast<void*>(&byte), 1};
  say("read parent memory", process_vm_readv(parent, &mine, 1, &theirs, 1, 0) == 1);
  say("signal parent", kill(parent, 0) == 0);
  say("signal everyone", kill(-1, 0) == 0);
#ifdef SYS_io_uring_setup
  say("io_uring", syscall(SYS_io_uring_setup, 1, nullptr) >= 0 || errno != EPERM);
#endif
  // A process that leaves the group and outlives this one: the grader must end it.
  std::fflush(stdout);
  if (fork() == 0) {
    setsid();
    for (int fd = 0; fd < 16; ++fd) close(fd);
    sleep(120);
    _exit(0);
  }
  return 0;
}
