// main() of a lab's recorder (see recorder.h). Questions arrive on stdin, one JSON line each:
//   {"id": 7, "call": "predicted_ways", "args": [5]}
//   {"id": 8, "call": "transpose", "pointers": [0, 0], "args": [4096, 4096]}
// and each gets one answer line on descriptor 3:
//   {"id": 7, "answer": 2}   {"id": 8, "plan": {...}}   {"id": 9, "error": "why"}
// The student's code runs only below (in the calls), and may print on stdout and stderr.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <string>

#include "capture.h"
#include "recorder.h"

namespace memlab::record {
namespace {

constexpr int kAnswerFd = 3;
constexpr std::size_t kMaxQuestionBytes = 1 << 20;

std::map<std::string, PureCall>& pure_calls() {
  static std::map<std::string, PureCall> m;
  return m;
}
std::map<std::string, LauncherCall>& launcher_calls() {
  static std::map<std::string, LauncherCall> m;
  return m;
}

void answer(const nlohmann::json& j) {
  const std::string line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const char* p = line.data();
  std::size_t left = line.size();
  while (left) {
    const ssize_t n = write(kAnswerFd, p, left);
    if (n <= 0) std::_Exit(3);  // the measurer is gone
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

nlohmann::json respond(const nlohmann::json& q) {
  const auto id = q.at("id");
  const std::string call = q.at("call").get<std::string>();
  const nlohmann::json args = q.value("args", nlohmann::json::array());
  try {
    if (q.contains("pointers")) {
      const auto it = launcher_calls().find(call);
      if (it == launcher_calls().end()) return {{"id", id}, {"error", "no launcher named " + call}};
      return {{"id", id}, {"plan", plan_to_json(capture_plan(it->second, q.at("pointers"), args))}};
    }
    const auto it = pure_calls().find(call);
    if (it == pure_calls().end()) return {{"id", id}, {"error", "no function named " + call}};
    return {{"id", id}, {"answer", it->second(args)}};
  } catch (const std::exception& e) {
    return {{"id", id}, {"error", e.what()}};
  } catch (...) {
    return {{"id", id}, {"error", "your code threw something that is not a std::exception"}};
  }
}

}  // namespace

void pure(const std::string& name, PureCall call) { pure_calls()[name] = std::move(call); }
void launcher(const std::string& name, LauncherCall call) { launcher_calls()[name] = std::move(call); }

const void* host_address(const nlohmann::json& alignment) {
  // An address in the first page is never a real buffer: a student function that reads through
  // it crashes, which the measurer reports.
  return reinterpret_cast<const void*>(std::uintptr_t{1} << 20 | (alignment.get<std::uint64_t>() % 256));
}

}  // namespace memlab::record

int main() {
  memlab_register_student_calls();
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.size() > memlab::record::kMaxQuestionBytes) return 2;
    const auto q = nlohmann::json::parse(line, nullptr, false);
    if (q.is_discarded() || !q.is_object() || !q.contains("id") || !q.contains("call")) return 2;
    std::fflush(stdout);
    memlab::record::answer(memlab::record::respond(q));
    std::fflush(stdout);
  }
  return 0;
}
