#include "child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <thread>

#include "line_splitter.h"
#include "memlab/bilingual.h"

extern char** environ;

namespace memlab {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_left(Clock::time_point deadline) {
  return std::chrono::duration<double>(deadline - Clock::now()).count();
}

// Passes what is readable on `fd` to `sink`, one read at a time (so that a reader may keep only
// what it needs of a flood); false at end of file.
bool drain(int fd, const std::function<void(std::string_view)>& sink) {
  char buf[65536];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      sink(std::string_view(buf, static_cast<size_t>(n)));
      continue;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

// The exit status of a child that could not be contained: it never ran the program.
constexpr int kContainmentFailed = 125;

[[noreturn]] void exec_child(char* const* args, char* const* envp, int record_wr, int record_fd, int out_fd,
                             const Containment* containment) {
  setpgid(0, 0);
  if (out_fd >= 0) {
    dup2(out_fd, STDOUT_FILENO);
    dup2(out_fd, STDERR_FILENO);
  }
  if (record_wr >= 0) {
    if (record_wr != record_fd) {
      dup2(record_wr, record_fd);
    } else {
      fcntl(record_fd, F_SETFD, 0);  // dup2 onto itself would keep close-on-exec
    }
  }
  if (containment) {
    const char* step = "";
    const int err = containment->apply_in_child(record_wr >= 0 ? std::max(record_fd, 2) : 2, &step);
    if (err != 0) {
      // Only system calls here: this is a forked child.
      const char* parts[] = {"cannot contain the check program (", step, "): ", std::strerror(err), "\n"};
      for (const char* p : parts)
        if (write(STDERR_FILENO, p, std::strlen(p)) < 0) break;
      _exit(kContainmentFailed);
    }
  }
  execve(args[0], args, envp);
  const char* parts[] = {"cannot run ", args[0], ": ", std::strerror(errno), "\n"};
  for (const char* p : parts)
    if (write(STDERR_FILENO, p, std::strlen(p)) < 0) break;
  _exit(127);
}

// The child's environment: this process's, with `extra` ("NAME=value") replacing or adding.
std::vector<std::string> child_environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& x : extra) replaced = replaced || x.substr(0, x.find('=')) == name;
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

}  // namespace

ChildResult run_child(const std::vector<std::string>& argv, const ChildOptions& options,
                      const std::function<void(const std::string&)>& on_line) {
  ChildResult result;
  if (argv.empty() || access(argv[0].c_str(), X_OK) != 0) {
    result.start_error =
        bilingual((argv.empty() ? std::string("no program") : argv[0]) + " does not exist or cannot run",
                  (argv.empty() ? std::string("没有程序") : argv[0]) + " 不存在或无法运行");
    return result;
  }
  int pipe_fds[2] = {-1, -1};
  if (options.record_fd >= 0 && pipe2(pipe_fds, O_CLOEXEC) != 0) {
    result.start_error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  int out_fd = -1, echo_fds[2] = {-1, -1};
  if (!options.output_file.empty()) {
    if (options.echo_output) {
      if (pipe2(echo_fds, O_CLOEXEC) != 0) {
        result.start_error = std::string("pipe: ") + std::strerror(errno);
        return result;
      }
      out_fd = echo_fds[1];
    } else {
      out_fd = open(options.output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (out_fd < 0) {
        result.start_error = bilingual("cannot write " + options.output_file + ": " + std::strerror(errno),
                                       "无法写入 " + options.output_file + "：" + std::strerror(errno));
        return result;
      }
    }
  }
  // Everything the child needs is made before fork: after it, the child only makes system calls.
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::vector<std::string> env = child_environment(options.environment);
  std::vector<char*> envp;
  for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid > 0 && options.started_pid) *options.started_pid = pid;
  if (pid < 0) {
    result.start_error = std::string("fork: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) exec_child(args.data(), envp.data(), pipe_fds[1], options.record_fd, out_fd, options.containment);
  setpgid(pid, pid);  // also here: no race with the child's own call
  result.started = true;
  if (pipe_fds[1] >= 0) close(pipe_fds[1]);
  if (echo_fds[1] >= 0) close(echo_fds[1]);
  FILE* log = nullptr;
  if (options.echo_output) log = std::fopen(options.output_file.c_str(), "w");
  if (out_fd >= 0 && !options.echo_output) close(out_fd);

  // With options.end_leftovers: kills and reaps every process below this one, and counts those
  // it found as left behind (the child itself, killed at the deadline, is not one of them).
  auto end_leftovers = [&] {
    if (!options.end_leftovers) return;
    for (const auto& p : end_descendants())
      if (p.pid != pid) result.left_behind.push_back(p);
  };
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.deadline_s));
  LineSplitter records(options.max_line_bytes);
  int status = 0;
  bool exited = false;
  Clock::time_point exited_at;
  std::vector<int> open_fds;
  if (pipe_fds[0] >= 0) {
    fcntl(pipe_fds[0], F_SETFL, O_NONBLOCK);
    open_fds.push_back(pipe_fds[0]);
  }
  if (echo_fds[0] >= 0) {
    fcntl(echo_fds[0], F_SETFL, O_NONBLOCK);
    open_fds.push_back(echo_fds[0]);
  }
  // Read until every pipe is closed and the child has exited, or the deadline passes.
  while (!result.timed_out) {
    if (!exited) {
      const pid_t w = waitpid(pid, &status, WNOHANG);
      if (w == pid) {
        exited = true;
        exited_at = Clock::now();
        // What the child started ends with it, before its pipes are read to the end: a process
        // it left could otherwise keep writing records, or hold the pipe open.
        end_leftovers();
      }
    }
    if (exited && open_fds.empty()) break;
    const double left = seconds_left(deadline);
    if (left <= 0) {
      result.timed_out = true;
      break;
    }
    std::vector<pollfd> fds;
    for (int fd : open_fds) fds.push_back({fd, POLLIN, 0});
    const int wait_ms = static_cast<int>(std::min(left * 1000, 100.0));
    if (fds.empty()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
      continue;
    }
    if (poll(fds.data(), fds.size(), wait_ms) < 0 && errno != EINTR) break;
    std::vector<int> still_open;
    for (const auto& p : fds) {
      if (!(p.revents & (POLLIN | POLLHUP | POLLERR))) {
        still_open.push_back(p.fd);
        continue;
      }
      const bool open = p.fd == pipe_fds[0] ? drain(p.fd, [&](std::string_view bytes) { records.feed(bytes, on_line); })
                                            : drain(p.fd, [&](std::string_view bytes) {
                                                std::fwrite(bytes.data(), 1, bytes.size(), stdout);
                                                std::fflush(stdout);
                                                if (log) std::fwrite(bytes.data(), 1, bytes.size(), log);
                                              });
      if (open)
        still_open.push_back(p.fd);
      else
        close(p.fd);
    }
    open_fds = still_open;
    // A grandchild may hold a pipe open after the child exited: give it a moment, not forever.
    if (exited && !open_fds.empty() && Clock::now() > exited_at + std::chrono::seconds(2)) break;
  }
  // Whatever is left of the group (the child, or what it started) ends now.
  kill(-pid, SIGKILL);
  if (!exited) {
    waitpid(pid, &status, 0);
    exited = true;
  }
  end_leftovers();  // also what was started while the pipes were read
  for (int fd : open_fds) close(fd);
  if (log) std::fclose(log);
  if (!result.timed_out) records.finish(on_line);  // a last line without its newline
  if (!result.timed_out) {
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    if (options.containment && result.exit_code == kContainmentFailed)
      result.containment_error =
          bilingual("the check program could not be contained (exit status 125; its message is above)",
                    "检查程序无法被隔离（退出状态 125；它的消息见上方）");
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  }
  return result;
}

}  // namespace memlab
