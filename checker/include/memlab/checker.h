#pragma once
// What a lab's check.cu uses: doctest test cases grouped into suites (cpu, correctness,
// performance, mechanism), each recording the manifest's checks through expect_*().
//
//   TEST_CASE("transpose is exact" * doctest::test_suite("correctness")) {
//     memlab::expect_true("exact_transpose", comparison.ok(), comparison.summary(...));
//   }
//
// The harness (checker main) loads the manifest, decides skips (no GPU), prints the
// environment note, runs the suite's test cases and writes the report part.
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "memlab/buffers.h"
#include "memlab/cuda_check.h"
#include "memlab/gpu.h"
#include "memlab/launch.h"
#include "memlab/manifest.h"
#include "memlab/rng.h"
#include "memlab/roofline.h"
#include "memlab/sampling.h"
#include "memlab/timer.h"
#include "memlab/verdict.h"
#include "memlab/verify.h"

namespace memlab {

const Manifest& manifest();
std::uint64_t seed();                 // the run's seed (printed in the report)
InputGenerator& inputs();             // seeded generator for this run
const DeviceInfo& gpu();              // only in GPU suites
KernelTimer& timer();                 // only in GPU suites
SamplingCriteria sampling_criteria();
// The build's results folder (build/<preset>/results): where a check may write extra
// artifacts such as a sweep's CSV and SVG plot.
const std::string& results_dir();
// Writes `text` to results_dir()/name and says so on the console, or warns when it cannot: a
// missing artifact never changes a verdict.
void write_result_file(const std::string& name, const std::string& text);

// Record a check from the manifest. Each returns whether it passed, and reports a failure
// to doctest so the test case fails with the check's line.
bool expect_true(const std::string& id, bool ok, const std::string& detail = "");
bool expect_value(const std::string& id, const Estimate& measured, const std::string& measured_text,
                  const std::string& doubt = "");
// A check that could not be evaluated for a reason outside the student's control.
void skip_check(const std::string& id, const std::string& reason);
// A check that fails without a measurement (e.g. a wrong result is not timed).
void fail_check(const std::string& id, const std::string& reason);

// Speedup of `candidate` over `base` from interleaved pairs, judged against check `id`.
bool expect_speedup(const std::string& id, const Launch& base, const Launch& candidate);
// Achieved bandwidth of `launch` (bytes per launch) as a fraction of `roofline`.
bool expect_roofline_fraction(const std::string& id, const Launch& launch, double bytes,
                              const Roofline& roofline, const std::string& roofline_name);

// Mechanism: hardware counters (CUPTI range profiler) around one launch. The launch may run
// several times (one per hardware pass), so it must be idempotent. When counters cannot be
// read (not permitted, unsupported), `ok` is false and `reason` says why and how to fix it.
struct CounterValues {
  bool ok = false;
  std::string reason;
  std::map<std::string, double> values;
  double operator[](const std::string& metric) const;  // 0 when absent
};
CounterValues read_counters(const std::vector<std::string>& metrics, const Launch& launch);

// numerator / denominator of two counters (e.g. shared-load wavefronts per shared-load
// instruction), judged against check `id`; skipped with the reason when counters are
// unavailable, failed when the denominator is zero (the expected instructions never ran).
// The check program itself: options, manifest, GPU or skip, the suite's test cases, the
// report part. Exit status: 0 all passed, 77 skipped, 1 failed or inconclusive, 2 bad usage.
int run_check_program(int argc, char** argv);

bool expect_counter_ratio(const std::string& id, const Launch& launch, const std::string& numerator,
                          const std::string& denominator, const std::string& what);

}  // namespace memlab
