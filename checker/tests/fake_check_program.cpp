// A stand-in for a lab's check program that ends in every way a real one can (crash, hang, early
// exit, malformed or duplicated records), so the judge's rules are tested without a GPU.
//   fake_check_program --record-fd 3 --suite S ... --mode MODE
//   fake_check_program --print-hash FILE   (the judge's hash of a student file)
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "memlab/measurement_record.h"
#include "memlab/report.h"

using memlab::MeasurementRecord;

namespace {
int fd = -1;
void send_line(const std::string& line) {
  const std::string text = line + "\n";
  if (write(fd, text.data(), text.size()) < 0) std::_Exit(9);
}
void send(const MeasurementRecord& r) { send_line(memlab::to_line(r)); }
MeasurementRecord start(const std::string& suite, const std::string& skip = "") {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::start;
  r.suite = suite;
  r.seed = "0x1";
  r.environment = "fake GPU";
  r.skip_reason = skip;
  return r;
}
MeasurementRecord flag(const std::string& id, bool ok) {
  MeasurementRecord r;
  r.id = id;
  r.outcome = memlab::Outcome::flag;
  r.estimate = memlab::Estimate::exact(ok ? 1 : 0);
  return r;
}
MeasurementRecord value(const std::string& id, double v) {
  MeasurementRecord r;
  r.id = id;
  r.outcome = memlab::Outcome::value;
  r.estimate = {v, v * 0.99, v * 1.01};
  r.measured_text = std::to_string(v) + "x";
  return r;
}
MeasurementRecord end() {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::end;
  return r;
}
}  // namespace

int main(int argc, char** argv) {
  std::string mode, suite;
  for (int i = 1; i + 1 < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--print-hash") {
      std::printf("%s\n", memlab::hash_files({argv[i + 1]}).c_str());
      return 0;
    }
    if (a == "--record-fd") fd = std::atoi(argv[i + 1]);
    if (a == "--suite") suite = argv[i + 1];
    if (a == "--mode") mode = argv[i + 1];
  }
  std::printf("fake check program: suite %s, mode %s\n", suite.c_str(), mode.c_str());
  std::fflush(stdout);
  const std::string id = suite == "performance" ? "speedup" : "exact";
  if (mode == "skip") {
    send(start(suite, "no CUDA GPU (fake)"));
    send(end());
    return 77;
  }
  send(start(suite));
  if (mode == "good") {
    send(suite == "performance" ? value(id, 2.0) : flag(id, true));
  } else if (mode == "slow") {  // claims nothing: the judge compares 1.2x with the manifest's 1.8x
    send(value(id, 1.2));
  } else if (mode == "crash") {
    std::raise(SIGSEGV);
  } else if (mode == "hang") {
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  } else if (mode == "exit-early") {
    std::_Exit(0);
  } else if (mode == "malformed") {
    send_line("{\"record\": \"check\", \"id\": ");
  } else if (mode == "duplicate") {
    send(flag(id, true));
    send(flag(id, true));
  } else if (mode == "unknown-id") {
    send(flag("not_in_lab_json", true));
  } else if (mode == "fatal") {
    MeasurementRecord f;
    f.kind = MeasurementRecord::Kind::fatal;
    f.reason = "transpose 8192x8192 did not finish within 30 s: the kernel probably hangs";
    send(f);
    std::_Exit(3);
  }
  send(end());
  return 0;
}
