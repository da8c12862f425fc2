// The sampling loop's defences against fake timed work, on synthetic sources: a wrong output on a
// verified sample, a time under the physical floor, and work that stays running on another
// stream after the interval, each make the measurement invalid; honest sources stay valid.
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <string>

#include "memlab/sampling.h"

using namespace memlab;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

SamplingCriteria quick() {
  SamplingCriteria c;
  c.min_seconds = 0.05;  // 1 ms samples: at least 50 of them
  return c;
}

}  // namespace

TEST_CASE("verify plan: sample 1 always, then about the share, from the seed alone") {
  VerifyPlan plan{12345, 0.25};
  CHECK(plan.pick(1));
  int picked = 0;
  for (std::size_t i = 2; i <= 40001; ++i) picked += plan.pick(i) ? 1 : 0;
  CHECK(picked > 9400);
  CHECK(picked < 10600);
  VerifyPlan same{12345, 0.25}, other{54321, 0.25};
  int differ = 0;
  for (std::size_t i = 2; i < 1000; ++i) {
    CHECK(plan.pick(i) == same.pick(i));
    differ += plan.pick(i) != other.pick(i) ? 1 : 0;
  }
  CHECK(differ > 200);  // another seed, another subset
}

TEST_CASE("honest work: the first and the last sample and a subset are verified, nothing is invalid") {
  std::mt19937 rng(7);
  std::normal_distribution<double> d(1.0, 0.003);
  std::set<std::size_t> verified;
  SampleChecks checks;
  checks.name = "kernel";
  checks.plan = {99, 0.25};
  checks.verify = [&](std::size_t index) {
    verified.insert(index);
    return std::string();
  };
  checks.floor_ms = 0.9;
  const Measurement m = sample_until_stable([&] { return Sample{d(rng), false}; }, quick(), checks);
  CHECK(m.invalid.empty());
  CHECK(m.taken >= 50);
  CHECK(verified.count(1) == 1);
  CHECK(verified.count(m.taken) == 1);  // the last
  CHECK(m.verified == verified.size());
  CHECK(m.verified > m.taken / 8);
  CHECK(m.verified < m.taken / 2);
}

TEST_CASE("stale work: right on the first call, wrong afterwards, is caught and sampling stops") {
  std::size_t calls = 0;
  SampleChecks checks;
  checks.name = "reduce_fast";
  checks.plan = {3, 0.25};
  checks.verify = [&](std::size_t index) { return index == 1 ? std::string() : std::string("got 1.5, exact 2.25"); };
  const Measurement m = sample_until_stable(
      [&] {
        ++calls;
        return Sample{1.0, false};
      },
      quick(), checks);
  CHECK(contains(m.invalid, "the timed work was wrong on sample "));
  CHECK(contains(m.invalid, "stale, cached or skipped work is not graded"));
  CHECK(contains(m.invalid, "reduce_fast: got 1.5, exact 2.25"));
  CHECK(m.taken == calls);
  CHECK(calls < 50);  // stopped at the first verified sample after the first
}

TEST_CASE("with no random subset at all, the last sample is still verified") {
  SamplingCriteria c = quick();
  std::size_t taken = 0;
  SampleChecks checks;
  checks.plan = {5, 0.0};  // only the first and the last
  checks.verify = [&](std::size_t index) { return index > 1 ? std::string("stale") : std::string(); };
  const Measurement m = sample_until_stable(
      [&] {
        ++taken;
        return Sample{1.0, false};
      },
      c, checks);
  CHECK(contains(m.invalid, "wrong on sample " + std::to_string(taken) + " of " + std::to_string(taken)));
  CHECK(m.verified == 2);
}

TEST_CASE("a sample under half the physical floor is impossible; one above it is not") {
  SampleChecks checks;
  checks.name = "transpose 8192x8192";
  checks.floor_ms = 0.137;
  checks.floor_text = "moving 537 MB at this GPU's copy rate (3901 GB/s)";
  int i = 0;
  const Measurement bad = sample_until_stable(
      [&] {
        return Sample{++i == 20 ? 0.005 : 0.158, false};
      },
      quick(), checks);
  CHECK(contains(bad.invalid, "impossible time on sample 20"));
  CHECK(contains(bad.invalid, "transpose 8192x8192 took 0.005 ms"));
  CHECK(bad.taken == 20);
  const Measurement good = sample_until_stable([] { return Sample{0.0686, false}; }, quick(), checks);
  CHECK(good.invalid.empty());
}

TEST_CASE("one sample's evidence of work outside the interval") {
  const auto sample = [](bool legacy, bool per_thread, double gap, double idle, double baseline) {
    Sample s{1.0, false};
    s.legacy_stream_busy = legacy;
    s.per_thread_stream_busy = per_thread;
    s.legacy_gap_ms = gap;
    s.idle_wait_ms = idle;
    s.idle_baseline_ms = baseline;
    return s;
  };
  CHECK_FALSE(work_outside_interval(sample(false, false, -0.5, 0.01, 0.008)));
  CHECK(work_outside_interval(sample(true, false, -0.5, 0.01, 0.008)));   // legacy stream busy
  CHECK(work_outside_interval(sample(false, true, -0.5, 0.01, 0.008)));   // per-thread stream busy
  CHECK(work_outside_interval(sample(false, false, 0.03, 0.01, 0.008)));  // the legacy stream 30 us late
  CHECK_FALSE(work_outside_interval(sample(false, false, 0.01, 0.01, 0.008)));
  CHECK(work_outside_interval(sample(false, false, -0.5, 0.15, 0.008)));       // 150 us to go idle
  CHECK_FALSE(work_outside_interval(sample(false, false, -0.5, 0.15, 0.05)));  // a slow host: 4 x its baseline
}

TEST_CASE("the stream verdict needs the evidence on 3 samples and 5 % of them") {
  CHECK(work_left_stream_reason(0, 400).empty());
  CHECK(work_left_stream_reason(2, 10).empty());
  CHECK(work_left_stream_reason(19, 400).empty());
  CHECK(contains(work_left_stream_reason(20, 400),
                 "the work left the stream it was given (it was still running on "
                 "another stream after the interval ended), on 20 of 400 samples"));
  CHECK_FALSE(work_left_stream_reason(3, 10).empty());
}

TEST_CASE("work on another stream every sample fails; a rare host hiccup does not") {
  SampleChecks checks;
  checks.name = "scale_array";
  int i = 0;
  const Measurement hidden = sample_until_stable(
      [&] {
        Sample s{0.05, false};
        s.idle_wait_ms = 0.13;  // a stream of the launcher's own, still busy
        s.idle_baseline_ms = 0.006;
        return s;
      },
      quick(), checks);
  CHECK(contains(hidden.invalid, "scale_array: the work left the stream it was given"));
  const Measurement hiccups = sample_until_stable(
      [&] {
        Sample s{1.0, false};
        s.legacy_gap_ms = -0.2;
        s.idle_wait_ms = ++i % 50 == 0 ? 2.0 : 0.01;
        s.idle_baseline_ms = 0.006;
        return s;
      },
      quick(), checks);
  CHECK(hiccups.invalid.empty());
}

TEST_CASE("a launch on the default stream: an empty interval with the stream busy is reported as such") {
  SampleChecks checks;
  checks.name = "transpose 8192x8192";
  checks.floor_ms = 0.137;
  checks.floor_text = "moving 537 MB at this GPU's copy rate (3901 GB/s)";
  const Measurement m = sample_until_stable(
      [] {
        Sample s{0.003, false};
        s.legacy_stream_busy = true;
        return s;
      },
      quick(), checks);
  CHECK(m.taken == 1);
  CHECK(contains(m.invalid, "impossible time on sample 1"));
  CHECK(contains(m.invalid, "the work left the stream it was given"));
  CHECK(contains(m.invalid, "kernel<<<grid, block, shared_bytes, stream>>>"));
}

TEST_CASE("pairs: the candidate's outputs are verified and its floor held; an unchecked base is not") {
  std::size_t base_calls = 0, candidate_calls = 0, candidate_verified = 0;
  SampleChecks candidate;
  candidate.name = "transpose";
  candidate.plan = {11, 0.25};
  candidate.verify = [&](std::size_t index) {
    ++candidate_verified;
    CHECK(index == candidate_calls);  // always the sample just taken
    return std::string();
  };
  PairMeasurement ok = sample_pairs_until_stable(
      [&] {
        ++base_calls;
        return Sample{2.0, false};
      },
      [&] {
        ++candidate_calls;
        return Sample{1.0, false};
      },
      quick(), {}, candidate);
  CHECK(ok.invalid.empty());
  CHECK(ok.verified == candidate_verified);
  CHECK(candidate_verified >= 2);

  SampleChecks lying = candidate;
  lying.verify = [](std::size_t index) {
    return index > 1 ? std::string("out[0][1] = nan (want 0.25)") : std::string();
  };
  PairMeasurement bad = sample_pairs_until_stable(
      [] {
        return Sample{2.0, false};
      },
      [] {
        return Sample{1.0, false};
      },
      quick(), {}, lying);
  CHECK(contains(bad.invalid, "the timed work was wrong on sample"));
  CHECK(contains(bad.invalid, "transpose: out[0][1] = nan (want 0.25)"));
}
