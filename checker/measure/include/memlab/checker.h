#pragma once
// What a lab's check.cpp uses: doctest test cases grouped into suites (cpu, correctness,
// performance, mechanism), each recording the manifest's checks through expect_*().
//
//   #include "lab_checks.h"   // generated from lab.json: lab::check::<id>, lab::param::<name>
//
//   TEST_CASE("transpose is exact" * doctest::test_suite("correctness")) {
//     memlab::expect_true(lab::check::exact_transpose, comparison.ok(), comparison.summary(...));
//   }
//
// Every function here names a check by memlab::CheckId, never by a string: a check that lab.json
// does not declare is a compile error, not a failure at run time (memlab/check_id.h).
//
// The harness (checker main) loads the manifest, decides skips (no GPU), prints the
// environment note, runs the suite's test cases and sends each check's measurement to the
// judge (memlab-judge), which decides the verdicts and writes the report part.
#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "memlab/buffers.h"
#include "memlab/check_id.h"
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
// The manifest's check `id`; throws std::logic_error when lab.json has no such check (a header
// generated from another lab.json than the one loaded: a bug of the build, reported as the test
// case's exception).
const CheckSpec& check_spec(CheckId id);
std::uint64_t seed();      // the run's seed (printed in the report)
InputGenerator& inputs();  // seeded generator for this run
const DeviceInfo& gpu();   // only in GPU suites
KernelTimer& timer();      // only in GPU suites
SamplingCriteria sampling_criteria();
// Why this machine's timings are in doubt now (other processes, clocks, ...), or empty.
std::string environment_doubt();
// The build's results folder (build/<preset>/results): where a check may write extra
// artifacts such as a sweep's CSV and SVG plot.
const std::string& results_dir();
// Writes `text` to results_dir()/name and says so on the console, or warns when it cannot: a
// missing artifact never changes a verdict.
void write_result_file(const std::string& name, const std::string& text);

// Record a check from the manifest. Each returns whether it passed, and reports a failure
// to doctest so the test case fails with the check's line.
bool expect_true(CheckId id, bool ok, const std::string& detail = "");
bool expect_value(CheckId id, const Estimate& measured, const std::string& measured_text,
                  const std::string& doubt = "");
// The same for a check with a gap rule (memlab/gap_rule.h): `gap` holds the starter's and the
// target's times measured in this run, from which the judge decides what the check requires.
bool expect_value(CheckId id, const Estimate& measured, const std::string& measured_text, const std::string& doubt,
                  const std::optional<GapMeasurement>& gap);
// A check that could not be evaluated for a reason outside the student's control.
void skip_check(CheckId id, const std::string& reason);
// A check that fails without a measurement (e.g. a wrong result is not timed).
void fail_check(CheckId id, const std::string& reason);
// The check program is about to end itself (a kernel that hangs cannot be cancelled): tells the
// judge why, so the checks that get no measurement fail with that reason.
void report_fatal(const std::string& reason);

// Speedup of `candidate` over `base` from interleaved pairs, judged against check `id`. Every
// sample of each side is prepared (fresh inputs, poisoned outputs), kept to the stream it was
// given, held to its floor, and for a secret subset verified (memlab/timed_work.h); the
// candidate's median must not beat its floor. Any of these failing fails the check with why.
//
// A check with a gap rule (memlab/gap_rule.h) compares the starter with a target time on this
// GPU. By default the starter is `base` and the target the candidate's floor (its bytes at its
// roofline); GapSides says otherwise.
struct GapSides {
  std::optional<double> starter_ms;                    // the starter's median, when it is not `base`
  std::function<double(double starter_ms)> target_ms;  // the target, when it is not the floor
};
bool expect_speedup(CheckId id, const TimedWork& base, const TimedWork& candidate, const GapSides& gap = {},
                    double* base_ms = nullptr);
// The same for bare launches with nothing to verify (demonstrations, such as lab 03's
// mixed kernel): only the stream checks apply.
bool expect_speedup(CheckId id, const Launch& base, const Launch& candidate);
// Achieved bandwidth of `work` (work.floor.bytes per launch) as a fraction of its floor's
// roofline (work.floor.roofline, named work.floor.roofline_name), sampled as expect_speedup's.
// A check with a gap rule needs `starter_ms`: the starter's median time on the same work (the
// target is the work's floor), from expect_speedup's `base_ms` or median_time().
bool expect_roofline_fraction(CheckId id, const TimedWork& work, std::optional<double> starter_ms = std::nullopt);
// The median time of `work` alone (a starter timed for a gap rule), or nullopt after failing
// every check in `ids` with the reason the measurement is invalid.
std::optional<double> median_time(const TimedWork& work, const std::vector<CheckId>& ids);

// Mechanism: hardware counters (CUPTI range profiler) around one launch. The launch may run
// several times (one per hardware pass), so it must be idempotent. When counters cannot be
// read (not permitted, unsupported), `ok` is false and `reason` says why and how to fix it.
struct CounterValues {
  bool ok = false;
  std::string reason;
  std::map<std::string, double> values;
  double operator[](const std::string& metric) const;  // 0 when absent
};
// The launch runs once first under the launch deadline (run_checked, named `launch_name`), so a
// kernel that hangs, fails or leaves its stream is reported as such before the profiler replays it.
CounterValues read_counters(const std::vector<std::string>& metrics, const Launch& launch,
                            const std::string& launch_name = "the launch whose counters are read");

// The check program itself: options, manifest, GPU or skip, the suite's test cases, a
// measurement record per check to the judge. Exit status: 0 all measured as passing, 77 skipped,
// 1 otherwise, 2 bad usage (the judge decides the grade, not this status).
int run_check_program(int argc, char** argv);

// A counter held to the work the launch must do (elements, bytes: fixed by the problem), never
// to another counter: a kernel can add cheap instructions that pull a ratio of two counters
// under its bar (broadcast loads dilute sectors per request), but not the work.
//   per_work: counter / work, for checks that want at most (added accesses only raise it)
//   work_per: work / counter, for checks that want at least (added instructions only lower it)
// Skipped with the reason when the counters cannot be read; failed when the counter is zero (the
// expected accesses never ran). `what` names the value and `work_text` the work, each in English
// and Chinese: "global-load sectors per 32 floats", "4096x4096 floats".
enum class CounterScale { per_work, work_per };
bool expect_counter_against_work(CheckId id, const Launch& launch, const std::string& counter, double work,
                                 CounterScale scale, const std::string& what, const std::string& work_text,
                                 const std::string& launch_name);

}  // namespace memlab
