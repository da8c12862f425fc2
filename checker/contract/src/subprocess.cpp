#include "subprocess.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "memlab/bilingual.h"

namespace contract {

using memlab::bilingual;

std::string run_and_capture(const std::vector<std::string>& argv, bool quiet) {
  if (argv.empty()) throw std::runtime_error(bilingual("no program to run", "没有要运行的程序"));
  // Everything the child needs is prepared before fork: after it, only exec-safe calls.
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int out[2];
  // The operating system's own words (strerror) stay in English.
  if (pipe2(out, O_CLOEXEC) != 0)
    throw std::runtime_error(
        bilingual(std::string("pipe: ") + std::strerror(errno), std::string("无法创建管道：") + std::strerror(errno)));
  const pid_t pid = fork();
  if (pid < 0)
    throw std::runtime_error(bilingual(std::string("fork: ") + std::strerror(errno),
                                       std::string("无法创建子进程：") + std::strerror(errno)));
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    if (quiet) {
      const int null = open("/dev/null", O_WRONLY);
      if (null >= 0) dup2(null, STDERR_FILENO);
    }
    execv(args[0], args.data());
    _exit(127);
  }
  close(out[1]);
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(out[0], buffer, sizeof buffer);
    if (n > 0)
      text.append(buffer, static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR)
      break;
  }
  close(out[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return text;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    throw std::runtime_error(bilingual(argv[0] + " failed to start on " + argv.back(),
                                       argv[0] + " 无法启动（要处理的是 " + argv.back() + "）"));
  throw std::runtime_error(
      bilingual(argv[0] + " failed on " + argv.back(), argv[0] + " 处理 " + argv.back() + " 时失败"));
}

}  // namespace contract
