#include "slurm_jobs.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>

#include "child_process.h"
#include "tool_paths.h"

namespace memlab::course {
namespace {

// A word for a POSIX shell script, quoted.
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

fs::path write_script(const fs::path& dir, const std::string& name, const std::string& phase_args,
                      const ClassRun& run) {
  const fs::path script = dir / (name + ".sh");
  std::ofstream out(script);
  out << "#!/bin/sh\n"
      << "# Written by memlab-course grade-class --slurm: the " << name << " step of the class run in "
      << run.options.out.string() << ".\n"
      << "exec " << quoted(this_program()) << " grade-class --out " << quoted(run.options.out.string()) << " "
      << phase_args << "\n";
  out.close();
  fs::permissions(script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec,
                  fs::perm_options::replace);
  return script;
}

// The program as the shell would find it: a name without a slash is looked up on PATH.
std::string on_path(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  throw std::runtime_error(program + " is not on PATH: is this a Slurm login node? (--sbatch names the program)");
}

// Runs sbatch --parsable; returns the job id.
std::string sbatch(const SlurmOptions& s, std::vector<std::string> args, const fs::path& script, const fs::path& log) {
  std::vector<std::string> argv{on_path(s.sbatch), "--parsable"};
  if (!s.partition.empty()) argv.push_back("--partition=" + s.partition);
  if (!s.account.empty()) argv.push_back("--account=" + s.account);
  argv.insert(argv.end(), s.extra_args.begin(), s.extra_args.end());
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(script.string());
  // What was submitted, for the instructor (and the test) to read back.
  std::ofstream submitted(script.parent_path() / "submitted.txt", std::ios::app);
  for (const auto& a : argv) submitted << quoted(a) << " ";
  submitted << "\n";
  submitted.close();
  ChildOptions co;
  co.deadline_s = 24 * 3600;  // with --wait, sbatch returns when the job ends
  co.output_file = log.string();
  const ChildResult r = run_child(argv, co, [](const std::string&) {});
  std::ifstream in(log);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!r.started) throw std::runtime_error("cannot run " + s.sbatch + ": " + r.start_error);
  const std::string id = text.substr(0, text.find_first_of(";\n"));
  const bool waited = std::find(args.begin(), args.end(), "--wait") != args.end();
  if ((r.exit_code != 0 && !waited) || id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
    throw std::runtime_error("sbatch refused " + script.filename().string() + ": " + text);
  return id;
}

}  // namespace

int submit_class_jobs(const ClassRun& run, const SlurmOptions& s) {
  const fs::path out = run.options.out;
  const fs::path dir = out / "slurm";
  const fs::path logs = out / "logs";
  fs::create_directories(dir);
  fs::create_directories(logs);
  fs::remove(dir / "submitted.txt");
  const std::string name = "memlab-lab" + run.lab;
  std::string dependency;
  std::string build_id, array_id;
  if (!run.chunks.empty()) {
    build_id = sbatch(
        s,
        {"--job-name=" + name + "-build", "--time=" + s.build_time, "--cpus-per-task=" + std::to_string(s.build_cpus),
         "--output=" + (logs / "slurm-build-%j.log").string()},
        write_script(dir, "build", "--phase build", run), dir / "build.sbatch.log");
    std::vector<std::string> args{
        "--job-name=" + name + "-check", "--time=" + s.check_time, "--array=0-" + std::to_string(run.chunks.size() - 1),
        "--dependency=afterok:" + build_id, "--output=" + (logs / "slurm-check-%A_%a.log").string()};
    if (!s.gres.empty()) args.push_back("--gres=" + s.gres);
    array_id = sbatch(s, args, write_script(dir, "check", "--phase check --task \"$SLURM_ARRAY_TASK_ID\"", run),
                      dir / "check.sbatch.log");
    dependency = "--dependency=afterany:" + array_id;
  }
  std::vector<std::string> args{"--job-name=" + name + "-collect", "--time=00:30:00",
                                "--output=" + (logs / "slurm-collect-%j.log").string()};
  if (!dependency.empty()) args.push_back(dependency);
  if (s.wait) args.push_back("--wait");
  std::cout << "Submitted to Slurm";
  if (!build_id.empty())
    std::cout << ": build job " << build_id << ", check array " << array_id << " (" << run.chunks.size() << " task(s))";
  std::cout << (s.wait ? "; waiting for the collect job\n" : "\n") << std::flush;
  const std::string collect_id =
      sbatch(s, args, write_script(dir, "collect", "--phase collect", run), dir / "collect.sbatch.log");
  std::cout << "Collect job " << collect_id << ": it writes the class summary in " << out.string() << "\n"
            << "Logs: " << logs.string() << "/slurm-*.log. Watch with: squeue --name=" << name << "-build," << name
            << "-check," << name << "-collect\n";
  return 0;
}

}  // namespace memlab::course
