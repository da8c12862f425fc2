// memlab-course contain -- COMMAND [ARGS...]: runs COMMAND and, once it has ended, ends every
// process it left behind (memlab-course is their subreaper). The Gradescope autograder runs its
// grading under it, so that run_autograder returns only after the last process a submission
// started has ended, also when its timeout stops this command (SIGTERM) before the grading's own
// steps could end them.
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <sstream>

#include "child_process.h"
#include "commands.h"
#include "containment.h"

namespace memlab::course {
namespace {

// COMMAND as execve needs it: a path, found on PATH when it names none.
std::string program_path(const std::string& command) {
  if (command.find('/') != std::string::npos) return command;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + command;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return command;
}

volatile pid_t g_child = 0;

// SIGTERM or SIGINT (a timeout around this command, or ^C): the command's process group is
// killed at once; run_child then returns and end_descendants() ends what it had left elsewhere.
void stop_command(int) {
  const pid_t child = g_child;
  if (child > 0)
    kill(-child, SIGKILL);
  else
    _exit(143);  // stopped before the command started: nothing to end
}

}  // namespace

void add_contain_command(CLI::App& app) {
  auto command = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand(
      "contain", "run a command, then end every process it left running (for run_autograder and batch scripts)");
  sub->add_option("command", *command, "the command and its arguments (after --)")->required();
  sub->callback([command] {
    std::vector<std::string> argv = *command;
    argv[0] = program_path(argv[0]);
    ChildOptions options;
    options.deadline_s = 1e9;  // the command's own limits apply (a timeout around this command)
    options.started_pid = &g_child;
    struct sigaction stop {};
    stop.sa_handler = stop_command;
    sigaction(SIGTERM, &stop, nullptr);
    sigaction(SIGINT, &stop, nullptr);
    const ChildResult r = run_child(argv, options, [](const std::string&) {});
    if (!r.started) throw std::runtime_error("cannot run " + argv[0] + ": " + r.start_error);
    const std::vector<LeftProcess> left = end_descendants();
    if (!left.empty())
      std::cerr << "memlab-course contain: ended " << left.size() << " process(es) that " << command->front()
                << " left running: " << describe(left) << "\n";
    throw CommandExit{r.exit_code >= 0 ? r.exit_code : 128 + r.signal};
  });
}

}  // namespace memlab::course
