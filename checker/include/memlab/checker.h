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
#include <string>

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

}  // namespace memlab
