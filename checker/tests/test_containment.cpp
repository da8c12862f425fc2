// The operating system's containment of a process that runs student code (containment.h), on a
// stand-in for hostile code (containment_probe.cpp): what it may write, the system calls it is
// refused, the descriptors it does not inherit, and the process it leaves, which run_child ends.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "child_process.h"
#include "containment.h"

namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("memlab-containment-test-" + std::to_string(getpid())) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::map<std::string, std::string> attempts(const std::string& output) {
  std::map<std::string, std::string> seen;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.rfind(": ");
    if (colon != std::string::npos) seen[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return seen;
}

}  // namespace

TEST_CASE("a contained process writes only in its scratch folder, is refused the calls, and leaves nothing running") {
  REQUIRE(memlab::become_subreaper());
  const fs::path outside = fresh_dir("outside"), scratch = fresh_dir("scratch"), log_dir = fresh_dir("log");
  // A descriptor this process holds without close-on-exec: the contained child must not see it.
  const int held = open(outside.c_str(), O_RDONLY | O_DIRECTORY);
  REQUIRE(held >= 0);

  const memlab::Containment containment({scratch.string()});
  const memlab::ContainmentSupport& support = containment.support();
  MESSAGE("this kernel: " << memlab::containment_summary(support));
  memlab::ChildOptions options;
  options.deadline_s = 60;
  options.containment = &containment;
  options.end_leftovers = true;
  options.output_file = (log_dir / "probe.txt").string();
  // An ASan build's leak checker stops the process with ptrace at exit, which the containment
  // refuses: the probe runs without it (the course's asan preset runs this test too).
  const char* asan = std::getenv("ASAN_OPTIONS");
  options.environment = {std::string("ASAN_OPTIONS=") + (asan ? std::string(asan) + ":" : "") + "detect_leaks=0"};
  const memlab::ChildResult r =
      memlab::run_child({MEMLAB_CONTAINMENT_PROBE, outside.string(), scratch.string(), std::to_string(held)}, options,
                        [](const std::string&) {});
  close(held);
  REQUIRE(r.started);
  CHECK(r.containment_error.empty());
  CHECK(r.exit_code == 0);
  std::ifstream in(options.output_file);
  std::stringstream text;
  text << in.rdbuf();
  INFO("the probe printed:\n" << text.str());
  auto seen = attempts(text.str());

  CHECK(seen["write scratch"] == "allowed");
  CHECK(seen["inherited descriptor"] == "refused");
  if (support.landlock_abi > 0) {
    CHECK(seen["write outside"] == "refused");
    CHECK_FALSE(fs::exists(outside / "written-by-probe"));
  } else {
    WARN_MESSAGE(false, "this kernel has no Landlock: writes outside the scratch folder are not refused here");
  }
  if (support.landlock_abi >= 6) CHECK(seen["signal parent"] == "refused");
  if (support.seccomp) {
    CHECK(seen["socket inet"] == "refused");
    CHECK(seen["socket unix"] == "allowed");  // the CUDA driver needs a local socket at start
    CHECK(seen["ptrace parent"] == "refused");
    CHECK(seen["read parent memory"] == "refused");
    CHECK(seen["signal everyone"] == "refused");
    if (seen.count("io_uring")) CHECK(seen["io_uring"] == "refused");
  }
  // The sleeping process the probe left: found, and ended before run_child returned.
  REQUIRE(r.left_behind.size() == 1);
  CHECK(kill(r.left_behind[0].pid, 0) == -1);
  CHECK(errno == ESRCH);
  fs::remove_all(outside.parent_path());
}

TEST_CASE("a contained child writes its records on descriptor 3, whatever this process holds there") {
  // The containment's own folder descriptors are opened before the record pipe: they must not be
  // the numbers the child's descriptors are moved to (a judge started with fd 3 free).
  for (int fd = 3; fd < 16; ++fd) close(fd);
  const fs::path scratch = fresh_dir("scratch-records");
  const memlab::Containment containment({scratch.string()});
  memlab::ChildOptions options;
  options.deadline_s = 30;
  options.record_fd = 3;
  options.containment = &containment;
  std::vector<std::string> lines;
  const memlab::ChildResult r =
      memlab::run_child({"/bin/sh", "-c", "echo record >&3; echo kept > \"$0/file\"", scratch.string()}, options,
                        [&](const std::string& line) { lines.push_back(line); });
  CHECK(r.containment_error.empty());
  CHECK(r.exit_code == 0);
  CHECK(lines == std::vector<std::string>{"record"});
  CHECK(fs::exists(scratch / "file"));
  fs::remove_all(scratch.parent_path());
}

TEST_CASE("a child that ends cleanly leaves nothing behind") {
  REQUIRE(memlab::become_subreaper());
  memlab::ChildOptions options;
  options.deadline_s = 30;
  options.end_leftovers = true;
  const memlab::ChildResult r = memlab::run_child({"/bin/sh", "-c", "exit 3"}, options, [](const std::string&) {});
  CHECK(r.exit_code == 3);
  CHECK(r.left_behind.empty());
  CHECK(memlab::describe({{42, "sh"}, {43, "sleep"}}) == "42 (sh), 43 (sleep)");
}
