#include "export_process.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace memlab::course {

namespace {

[[noreturn]] void exec_in(const std::vector<std::string>& argv, const std::filesystem::path& folder, int out_fd,
                          bool with_stderr) {
  dup2(out_fd, STDOUT_FILENO);
  if (with_stderr) dup2(out_fd, STDERR_FILENO);
  close(out_fd);
  const int null_in = open("/dev/null", O_RDONLY);
  if (null_in >= 0) dup2(null_in, STDIN_FILENO);  // git must never wait for a password or an editor
  if (chdir(folder.c_str()) != 0) {
    std::fprintf(stderr, "cannot enter %s: %s\n", folder.c_str(), std::strerror(errno));
    _exit(127);
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
  _exit(127);
}

std::string read_all(int fd) {
  std::string text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0) {
      text.append(buffer, static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      return text;
    }
  }
}

std::string command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& a : argv) line += (line.empty() ? "" : " ") + a;
  return line;
}

}  // namespace

ProgramRun run_program(const std::vector<std::string>& argv, const std::filesystem::path& folder, bool with_stderr) {
  ProgramRun run;
  int fds[2];
  if (argv.empty() || pipe(fds) != 0) return run;
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return run;
  }
  if (pid == 0) {
    close(fds[0]);
    exec_in(argv, folder, fds[1], with_stderr);
  }
  close(fds[1]);
  run.output = read_all(fds[0]);
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

std::string run_or_throw(const std::vector<std::string>& argv, const std::filesystem::path& folder, bool with_stderr) {
  ProgramRun run = run_program(argv, folder, with_stderr);
  if (run.exit_code != 0) {
    throw std::runtime_error("`" + command_line(argv) + "` in " + folder.string() + " failed (exit status " +
                             std::to_string(run.exit_code) + "):\n" + run.output);
  }
  return run.output;
}

}  // namespace memlab::course
