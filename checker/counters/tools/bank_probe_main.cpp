// memlab-bank-probe: measures, with hardware counters, how many shared-memory
// wavefronts each warp access of a `memlab-bank --batch` input takes.
//
//   memlab-bank-probe [--details] < checker/bank/corpus/patterns.txt > h200_measured.txt
//
// Input: the batch format of memlab/bank_batch.h (WIDTH OP A0 ... A31). An
// earlier answer (` => N`) after a pattern is ignored, so a measured file can
// be measured again. Output: comment and blank lines copied through, each
// pattern line followed by ` => N`, N the measured wavefronts per warp
// instruction (with --details, a trailing `  # ...` comment with the raw
// per-instruction values: checker/bank's measured-file reader does not accept
// that, so leave it off for corpus files).
//
// Exit status: 0; 1 when a line is malformed or a measurement fails; 77 (skip)
// without a GPU or when the driver refuses counters (the message says how to
// allow them).
#include "bank_probe_kernel.h"
#include "gpu_tool.h"
#include "probe_answer.h"

#include "memlab/bank_batch.h"
#include "memlab/counters.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace {

using namespace memlab::counters;
using namespace memlab::counters::tools;

constexpr const char* kProgram = "memlab-bank-probe";

// 32 device words for the kernel's loaded values.
class DeviceSink {
 public:
  DeviceSink() {
    const cudaError_t rc = cudaMalloc(reinterpret_cast<void**>(&words_), 32 * sizeof(unsigned));
    if (rc != cudaSuccess) throw std::runtime_error(std::string("cudaMalloc: ") + cudaGetErrorName(rc));
  }
  ~DeviceSink() { cudaFree(words_); }
  DeviceSink(const DeviceSink&) = delete;
  DeviceSink& operator=(const DeviceSink&) = delete;
  unsigned* get() const { return words_; }

 private:
  unsigned* words_ = nullptr;
};

ProbeLanes lanes_of(const memlab::bank::WarpAccess& access) {
  ProbeLanes lanes{};
  for (int lane = 0; lane < 32; ++lane) {
    lanes.offset[lane] = access.is_active(lane) ? static_cast<std::int32_t>(access.byte_address[lane]) : -1;
  }
  return lanes;
}

// Counters of one launch of the probe kernel.
Result measure_probe(int width, bool store, const ProbeLanes& lanes, unsigned* sink) {
  return measure(shared_metrics(store ? Access::store : Access::load), [&] {
    const cudaError_t rc = launch_bank_probe(width, store, lanes, sink);
    if (rc != cudaSuccess) {
      throw std::runtime_error(std::string("launching the probe kernel: ") + cudaGetErrorName(rc) + " (" +
                               cudaGetErrorString(rc) + ")");
    }
  });
}

ProbeCounts counts_of(const Result& result, bool store) {
  const std::vector<std::string> names = shared_metrics(store ? Access::store : Access::load);
  return {result.value(names[0]).value_or(0), result.value(names[2]).value_or(0), result.value(names[1]).value_or(0)};
}

ProbeCounts minus(const ProbeCounts& a, const ProbeCounts& b) {
  return {a.wavefronts - b.wavefronts, a.conflicts - b.conflicts, a.instructions - b.instructions};
}

class Probe {
 public:
  // The baseline-subtracted counts of `access`, or a Result that is not ok.
  std::pair<Result, ProbeCounts> counts(const memlab::bank::WarpAccess& access) {
    const bool store = access.op == memlab::bank::MemoryOp::store;
    const auto key = std::make_pair(access.width_bytes, store);
    if (baselines_.count(key) == 0) {
      ProbeLanes idle{};
      for (auto& offset : idle.offset) offset = -1;
      Result base = measure_probe(access.width_bytes, store, idle, sink_.get());
      if (!base.ok()) return {base, {}};
      baselines_[key] = counts_of(base, store);
    }
    Result r = measure_probe(access.width_bytes, store, lanes_of(access), sink_.get());
    const ProbeCounts probed = r.ok() ? minus(counts_of(r, store), baselines_[key]) : ProbeCounts{};
    return {std::move(r), probed};
  }

 private:
  DeviceSink sink_;
  std::map<std::pair<int, bool>, ProbeCounts> baselines_;
};

int run(bool details) {
  Probe probe;
  std::cout << "# " << kProgram << " on " << device_description()
            << ": N = shared-memory wavefronts per warp instruction (CUPTI counters, " << kProbeRepeats
            << " repetitions per launch, minus an all-lanes-inactive launch)\n";
  int status = 0;
  std::string text;
  for (long line_number = 1; std::getline(std::cin, text); ++line_number) {
    const std::string_view pattern = pattern_part(text);
    const memlab::bank::BatchLine line = memlab::bank::parse_batch_line(pattern);
    if (line.kind == memlab::bank::BatchLine::Kind::skip) {
      std::cout << text << '\n';
      continue;
    }
    if (line.kind == memlab::bank::BatchLine::Kind::malformed) {
      std::cerr << kProgram << ": line " << line_number << ": " << line.error << '\n';
      status = 1;
      continue;
    }
    const auto [result, counts] = probe.counts(line.access);
    if (!result.ok()) {
      std::cerr << kProgram << ": line " << line_number << ": measurement failed\n";
      std::cout.flush();
      return exit_status_for(result, kProgram);
    }
    const ProbeAnswer answer = answer_for(counts, kProbeRepeats, line.access.active_mask != 0);
    std::cout << measured_line(pattern, answer, details) << '\n';
    for (const std::string& warning : answer.warnings) {
      std::cerr << kProgram << ": line " << line_number << ": warning: " << warning << '\n';
    }
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Measure the shared-memory wavefronts of memlab-bank --batch patterns with hardware counters"};
  bool details = false;
  app.add_flag("--details", details, "append '  # wavefronts/inst=... conflicts/inst=... inst=...' to each answer");
  CLI11_PARSE(app, argc, argv);

  if (const std::string why = why_no_gpu(); !why.empty()) {
    std::cerr << kProgram << ": skipped: " << why << '\n';
    return kExitSkip;
  }
  try {
    return run(details);
  } catch (const std::exception& e) {
    std::cerr << kProgram << ": error: " << e.what() << '\n';
    return 1;
  }
}
