#include "gradescope_process.h"

#include <stdio.h>
#include <sys/wait.h>

#include <cstdlib>

namespace memlab::course {

std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {

std::string command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& arg : argv) line += (line.empty() ? "" : " ") + shell_quoted(arg);
  return line;
}

int exit_status(int wait_status) {
  if (wait_status == -1) return 127;
  return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
}

}  // namespace

int run_program(const std::vector<std::string>& argv) { return exit_status(std::system(command_line(argv).c_str())); }

std::optional<std::string> program_output(const std::vector<std::string>& argv) {
  FILE* pipe = popen((command_line(argv) + " 2>/dev/null").c_str(), "r");
  if (!pipe) return std::nullopt;
  std::string out;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  if (exit_status(pclose(pipe)) != 0) return std::nullopt;
  return out;
}

}  // namespace memlab::course
