#include "recorder_process.h"

#include "memlab/bilingual.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "containment.h"

extern char** environ;

namespace memlab {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kMaxAnswerBytes = 4 << 20;         // a plan is a few KB
constexpr std::size_t kMaxPrintedBytes = 4096;           // of the student's printing, kept per grading
constexpr std::uint64_t kMaxResidentBytes = 4ull << 30;  // the recorder's memory limit

std::uint64_t resident_bytes(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/statm");
  std::uint64_t size = 0, resident = 0;
  in >> size >> resident;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

// How the recorder ended, in English and Chinese (memlab/bilingual.h).
std::string ending_of(int status) {
  if (WIFEXITED(status)) {
    const std::string code = std::to_string(WEXITSTATUS(status));
    return bilingual("it exited with status " + code, "它以状态 " + code + " 退出");
  }
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const std::string signal = std::to_string(sig), name = strsignal(sig);
    return bilingual("it was ended by signal " + signal + " (" + name + ")",
                     "它被信号 " + signal + "（" + name + "）结束");
  }
  return bilingual("it stopped", "它停止了");
}

}  // namespace

RecorderProcess::RecorderProcess(const std::string& program, const std::string& scratch, bool gpu) {
  int in[2], ans[2], out[2];
  if (pipe2(in, O_CLOEXEC) || pipe2(ans, O_CLOEXEC) || pipe2(out, O_CLOEXEC))
    throw std::runtime_error(join_bilingual(
        {bilingual("cannot make the recorder's pipes: ", "无法为记录器建立管道："), std::strerror(errno)}));
  ContainmentProfile profile;
  profile.gpu = gpu;
  profile.processes = false;
  profile.parent_sockets = gpu;  // CUDA in a child of this (CUDA) process needs this process's socket
  const Containment containment({scratch}, profile);
  const std::string tmpdir = "TMPDIR=" + scratch;
  std::vector<char*> envp;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "TMPDIR=", 7) != 0) envp.push_back(*e);
  envp.push_back(const_cast<char*>(tmpdir.c_str()));
  envp.push_back(nullptr);
  char* argv[] = {const_cast<char*>(program.c_str()), nullptr};
  const pid_t pid = fork();
  if (pid < 0)
    throw std::runtime_error(
        join_bilingual({bilingual("cannot start the recorder: ", "无法启动记录器："), std::strerror(errno)}));
  if (pid == 0) {
    setpgid(0, 0);
    // 0: questions, 1 and 2: the student's printing, 3: answers. Nothing else stays open.
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(out[1], 2);
    dup2(ans[1], 3);
    const char* step = "";
    if (const int error = containment.apply_in_child(3, &step); error != 0) {
      // Only system calls after fork: the reason goes to the output pipe, which the parent reads.
      const char* what = strerror(error);
      (void)!write(2, step, std::strlen(step));
      (void)!write(2, ": ", 2);
      (void)!write(2, what, std::strlen(what));
      _exit(125);
    }
    execve(program.c_str(), argv, envp.data());
    _exit(127);
  }
  pid_ = pid;
  close(in[0]);
  close(ans[1]);
  close(out[1]);
  to_child_ = in[1];
  answers_ = ans[0];
  output_ = out[0];
  fcntl(answers_, F_SETFL, O_NONBLOCK);
  fcntl(output_, F_SETFL, O_NONBLOCK);
  signal(SIGPIPE, SIG_IGN);  // a recorder that closed its stdin fails here by EPIPE, not by our death
}

RecorderProcess::~RecorderProcess() { end(); }

void RecorderProcess::end() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    kill(pid_, SIGCONT);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  for (int* fd : {&to_child_, &answers_, &output_})
    if (*fd >= 0) {
      close(*fd);
      *fd = -1;
    }
}

void RecorderProcess::fail(const std::string& why) {
  std::string reason = why;
  if (pid_ > 0) {
    int status = 0;
    pid_t got = 0;
    for (int i = 0; i < 50 && (got = waitpid(pid_, &status, WNOHANG)) == 0; ++i) usleep(10000);
    if (got == pid_) {
      if (WIFEXITED(status) && WEXITSTATUS(status) == 125) {
        char buf[512];
        const ssize_t n = read(output_, buf, sizeof buf);
        if (n > 0) printed_.append(buf, static_cast<std::size_t>(n));
        const std::string why = printed_.substr(0, 200);
        reason = bilingual(
            "the recorder could not be contained, so it did not run (" +
                (printed_.empty() ? std::string("no reason") : why) + ")",
            "记录器无法被隔离，所以没有运行（" + (printed_.empty() ? std::string("没有给出原因") : why) + "）");
        printed_.clear();
      } else
        reason = join_bilingual({reason, bilingual(" (", "（"), ending_of(status), bilingual(")", "）")});
      pid_ = -1;
    }
  }
  end();
  throw std::runtime_error(reason);
}

void RecorderProcess::pause() {
  if (pid_ > 0) kill(pid_, SIGSTOP);
}

std::string RecorderProcess::take_output() {
  std::string s;
  s.swap(printed_);
  return s;
}

nlohmann::json RecorderProcess::ask(const nlohmann::json& question, double deadline_s) {
  if (pid_ <= 0) throw std::runtime_error(bilingual("the recorder is not running", "记录器没有在运行"));
  kill(pid_, SIGCONT);
  const std::string line = question.dump() + "\n";
  for (std::size_t done = 0; done < line.size();) {
    const ssize_t n = write(to_child_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(bilingual("the recorder stopped reading questions", "记录器不再读取提问"));
    done += static_cast<std::size_t>(n);
  }
  const auto deadline = Clock::now() + std::chrono::duration<double>(deadline_s);
  auto last_memory_check = Clock::now();
  for (;;) {
    const auto nl = pending_.find('\n');
    if (nl != std::string::npos) {
      const std::string answer = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      const auto j = nlohmann::json::parse(answer, nullptr, false);
      if (!j.is_object() || !j.contains("id") || j["id"] != question["id"])
        fail(bilingual(
            "the recorder answered with a line that is not the answer to the question asked: " + answer.substr(0, 120),
            "记录器回答的这一行不是所问问题的答案：" + answer.substr(0, 120)));
      return j;
    }
    if (pending_.size() > kMaxAnswerBytes)
      fail(bilingual("the recorder sent more than 4 MB without ending a line",
                     "记录器发送了超过 4 MB 的内容却没有换行"));
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left <= 0) {
      end();
      const std::string call = question.value("call", std::string("?"));
      const std::string seconds = std::to_string(static_cast<int>(deadline_s));
      throw RecorderTimeout(
          bilingual("the student's code did not answer " + call + "() within " + seconds + " s (an endless loop?)",
                    "学生的代码没有在 " + seconds + " s 内回答 " + call + "()（死循环？）"));
    }
    pollfd fds[2] = {{answers_, POLLIN, 0}, {output_, POLLIN, 0}};
    const int ready = poll(fds, 2, static_cast<int>(std::min(left, 0.1) * 1000) + 1);
    if (ready < 0 && errno != EINTR) fail(std::string("poll: ") + std::strerror(errno));
    char buf[65536];
    if (fds[1].revents) {
      for (;;) {
        const ssize_t n = read(output_, buf, sizeof buf);
        if (n <= 0) break;
        printed_total_ += static_cast<std::size_t>(n);
        if (printed_.size() < kMaxPrintedBytes)
          printed_.append(buf, std::min<std::size_t>(static_cast<std::size_t>(n), kMaxPrintedBytes - printed_.size()));
      }
    }
    if (fds[0].revents) {
      const ssize_t n = read(answers_, buf, sizeof buf);
      if (n > 0)
        pending_.append(buf, static_cast<std::size_t>(n));
      else if (n == 0 || (errno != EAGAIN && errno != EINTR))
        fail(bilingual("the recorder ended before it answered " + question.value("call", std::string("?")) + "()",
                       "记录器在回答 " + question.value("call", std::string("?")) + "() 之前就结束了"));
    }
    if (Clock::now() - last_memory_check > std::chrono::milliseconds(100)) {
      last_memory_check = Clock::now();
      if (resident_bytes(pid_) > kMaxResidentBytes)
        fail(bilingual("the student's code used more than 4 GiB of memory", "学生的代码用了超过 4 GiB 的内存"));
    }
  }
}

}  // namespace memlab
