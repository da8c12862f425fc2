// When the sampling loops stop: fixed sample sequences, whose stop points can be worked out by
// hand, fed to the single and the paired loop, and an oracle (the rule written out once more,
// over every prefix) on seeded random sequences of every kind the loops meet.
#include <doctest/doctest.h>

#include <cstddef>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "memlab/sampling.h"
#include "memlab/verdict.h"

using namespace memlab;

namespace {

// A source that plays back `ms` (cycling), throttled where `hot` says so (cycling; empty: never).
struct Sequence {
  explicit Sequence(std::vector<double> ms_, std::vector<bool> hot_ = {}) : ms(std::move(ms_)), hot(std::move(hot_)) {}
  std::vector<double> ms;
  std::vector<bool> hot;
  std::size_t i = 0;
  Sample operator()() {
    Sample s{ms[i % ms.size()], !hot.empty() && hot[i % hot.size()]};
    ++i;
    return s;
  }
};

SamplingCriteria criteria(std::size_t min_samples, double min_seconds, double max_seconds, double max_rse,
                          std::size_t max_samples = 20000) {
  SamplingCriteria c;
  c.min_samples = min_samples;
  c.min_seconds = min_seconds;
  c.max_seconds = max_seconds;
  c.max_rse = max_rse;
  c.max_samples = max_samples;
  return c;
}

// The stopping rule written out once more: after each attempt, converged when the minimums
// (kept samples, measured time) are met and the noise is within the bound, else out of time,
// else out of attempts.
struct Expected {
  std::size_t taken = 0;
  bool converged = false;
};

Expected oracle_single(const std::vector<Sample>& seq, const SamplingCriteria& c) {
  std::vector<double> kept;
  double spent = 0;
  for (std::size_t n = 1; n <= seq.size() && n <= c.max_samples; ++n) {
    const Sample& s = seq[n - 1];
    spent += s.ms;
    if (!s.throttled) kept.push_back(s.ms);
    if (kept.size() >= c.min_samples && spent >= c.min_seconds * 1e3 && summarize(kept).rse <= c.max_rse)
      return {n, true};
    if (spent >= c.max_seconds * 1e3 || n == c.max_samples) return {n, false};
  }
  return {0, false};
}

Expected oracle_pairs(const std::vector<Sample>& base, const std::vector<Sample>& cand, const SamplingCriteria& c) {
  std::vector<double> kb, kc;
  double spent = 0;
  for (std::size_t n = 1; n <= base.size() && n <= c.max_samples; ++n) {
    const Sample &b = base[n - 1], &k = cand[n - 1];
    spent += b.ms + k.ms;
    if (!b.throttled && !k.throttled) {
      kb.push_back(b.ms);
      kc.push_back(k.ms);
    }
    if (kb.size() >= c.min_samples && spent >= c.min_seconds * 1e3 &&
        ratio_from_pairs(kb, kc).relative_half_width() <= 2 * c.max_rse)
      return {n, true};
    if (spent >= c.max_seconds * 1e3 || n == c.max_samples) return {n, false};
  }
  return {0, false};
}

}  // namespace

TEST_CASE("stop points: steady samples stop once both minimums are met, whichever binds later") {
  // 1 ms samples: 10 samples are 10 ms, so the count binds at 5 ms and the time at 20 ms.
  Sequence a{{1.0}};
  Measurement m = sample_until_stable(std::ref(a), criteria(10, 0.005, 3.0, 0.005));
  CHECK(m.taken == 10);
  CHECK(m.converged);
  Sequence b{{1.0}};
  m = sample_until_stable(std::ref(b), criteria(10, 0.020, 3.0, 0.005));
  CHECK(m.taken == 20);
  CHECK(m.samples_ms.size() == 20);
  CHECK(m.converged);
}

TEST_CASE("stop points: throttled samples count towards the time, not towards the samples") {
  // Every 4th sample (1, 5, 9, ...) throttled: 10 kept after 14 attempts.
  Sequence s{{1.0}, {true, false, false, false}};
  Measurement m = sample_until_stable(std::ref(s), criteria(10, 0.0, 3.0, 0.005));
  CHECK(m.taken == 14);
  CHECK(m.samples_ms.size() == 10);
  CHECK(m.throttled_discarded == 4);
  CHECK(m.converged);
  // Throttled throughout: never enough samples; stops on time (100 ms of 1 ms samples).
  Sequence hot{{1.0}, {true}};
  m = sample_until_stable(hot, criteria(10, 0.0, 0.1, 0.005));
  CHECK(m.taken == 100);
  CHECK(m.samples_ms.empty());
  CHECK_FALSE(m.converged);
}

TEST_CASE("stop points: noise that never settles stops at the time cap or the sample cap") {
  // 1, 3, 1, 3, ...: 25 samples are 49 ms, 26 are 52 ms.
  Sequence a{{1.0, 3.0}};
  Measurement m = sample_until_stable(std::ref(a), criteria(10, 0.0, 0.050, 0.001));
  CHECK(m.taken == 26);
  CHECK_FALSE(m.converged);
  Sequence b{{1.0, 3.0}};
  m = sample_until_stable(std::ref(b), criteria(3, 0.0, 0.050, 0.001, 7));
  CHECK(m.taken == 7);
  CHECK_FALSE(m.converged);
  // Converged beats the time cap on the same sample: 20 steady samples of 1 ms, cap 20 ms.
  Sequence c{{1.0}};
  m = sample_until_stable(std::ref(c), criteria(20, 0.0, 0.020, 0.005));
  CHECK(m.taken == 20);
  CHECK(m.converged);
  // No samples allowed at all.
  Sequence d{{1.0}};
  m = sample_until_stable(std::ref(d), criteria(1, 0.0, 3.0, 0.005, 0));
  CHECK(m.taken == 0);
  CHECK(d.i == 0);
  CHECK_FALSE(m.converged);
}

TEST_CASE("stop points: a noisy start stops once the standard error of the mean falls under the bound") {
  // 1, 3 ten times, then 2 ms for ever: the rse falls as 2s accumulate; it stops at the first
  // prefix whose rse is within 1 %.
  std::vector<double> ms;
  for (int i = 0; i < 10; ++i) ms.insert(ms.end(), {1.0, 3.0});
  ms.resize(2000, 2.0);
  const SamplingCriteria c = criteria(10, 0.0, 100.0, 0.01);
  std::vector<Sample> seq;
  for (double x : ms) seq.push_back({x, false});
  const Expected e = oracle_single(seq, c);
  REQUIRE(e.converged);
  CHECK(e.taken > 20);
  Sequence s{ms};
  Measurement m = sample_until_stable(std::ref(s), c);
  CHECK(m.taken == e.taken);
  CHECK(m.converged);
}

TEST_CASE("stop points: pairs stop on the ratio's interval, their time counting both sides") {
  // 2 ms and 1 ms: 3 ms a pair, an exact ratio; 30 ms of minimum time is 10 pairs.
  Sequence b{{2.0}}, k{{1.0}};
  PairMeasurement m = sample_pairs_until_stable(std::ref(b), std::ref(k), criteria(5, 0.030, 3.0, 0.005));
  CHECK(m.pairs_taken == 10);
  CHECK(m.converged);
  // A throttled candidate discards the whole pair: every 3rd pair, so 8 kept after 11.
  Sequence b2{{2.0}}, k2{{1.0}, {false, false, true}};
  m = sample_pairs_until_stable(std::ref(b2), std::ref(k2), criteria(8, 0.0, 3.0, 0.005));
  CHECK(m.pairs_taken == 11);
  CHECK(m.base_ms.size() == 8);
  CHECK(m.throttled_discarded == 3);
  CHECK(m.converged);
  // A ratio that swings between 1 and 3 never settles: pairs of 2 and 4 ms, so 19 pairs are
  // 56 ms and 20 are 60 ms, the cap.
  Sequence b3{{1.0, 3.0}}, k3{{1.0}};
  m = sample_pairs_until_stable(std::ref(b3), std::ref(k3), criteria(3, 0.0, 0.060, 0.001));
  CHECK(m.pairs_taken == 20);
  CHECK_FALSE(m.converged);
  // The sample cap counts pairs.
  Sequence b4{{1.0, 3.0}}, k4{{1.0}};
  m = sample_pairs_until_stable(std::ref(b4), std::ref(k4), criteria(3, 0.0, 3.0, 0.001, 9));
  CHECK(m.pairs_taken == 9);
  CHECK(b4.i == 9);
  CHECK(k4.i == 9);
  CHECK_FALSE(m.converged);
}

TEST_CASE("stop points: seeded random sequences stop where the rule says, single and paired") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    CAPTURE(trial);
    std::uniform_real_distribution<double> noise(0.0, trial % 4 == 0 ? 0.5 : trial % 4 == 1 ? 0.05 : 0.005);
    std::bernoulli_distribution hot(trial % 3 == 0 ? 0.2 : 0.0);
    const SamplingCriteria c = criteria(1 + trial % 15, (trial % 5) * 0.01, 0.05 + (trial % 7) * 0.05,
                                        0.002 + (trial % 6) * 0.004, trial % 11 == 0 ? 25 + trial % 50 : 20000);
    std::vector<Sample> base, cand;
    for (int i = 0; i < 3000; ++i) {
      base.push_back({0.3 * (1 + noise(rng)), hot(rng)});
      cand.push_back({0.1 * (1 + noise(rng)), hot(rng)});
    }
    std::size_t i = 0;
    const Measurement m = sample_until_stable([&] { return base[i++]; }, c);
    const Expected e = oracle_single(base, c);
    CHECK(m.taken == e.taken);
    CHECK(m.converged == e.converged);
    std::size_t ib = 0, ic = 0;
    const PairMeasurement p = sample_pairs_until_stable([&] { return base[ib++]; }, [&] { return cand[ic++]; }, c);
    const Expected ep = oracle_pairs(base, cand, c);
    CHECK(p.pairs_taken == ep.taken);
    CHECK(p.converged == ep.converged);
  }
}

TEST_CASE("stop points: pairs that decide a fail stop once min_samples are kept, before the minimum time") {
  // Base 1 ms, candidate 1 ms with a little scatter: the ratio is near 1, far below 2.
  const std::vector<double> jitter{1.0, 1.02, 0.98, 1.01, 0.99};
  const SamplingCriteria c = criteria(10, 1.0, 3.0, 0.0001);  // 1 s minimum: 500 pairs
  const PairFailDecided below_two = [](const std::vector<double>& b, const std::vector<double>& k) {
    const RatioEstimate r = ratio_from_pairs(b, k);
    return ratio_fails_decisively(Compare::at_least, 2.0, Estimate{r.ratio, r.low, r.high});
  };
  Sequence b{{1.0}}, k{jitter};
  PairMeasurement m = sample_pairs_until_stable(std::ref(b), std::ref(k), c, {}, {}, below_two);
  CHECK(m.pairs_taken == 10);
  CHECK(m.stopped == StopReason::fail_decided);
  CHECK(m.converged);
  CHECK(m.doubt().empty());
  // The same pairs against a bar of 1.0 are not a fail: they run to the time cap.
  const PairFailDecided below_one = [](const std::vector<double>& bb, const std::vector<double>& kk) {
    const RatioEstimate r = ratio_from_pairs(bb, kk);
    return ratio_fails_decisively(Compare::at_least, 0.9, Estimate{r.ratio, r.low, r.high});
  };
  Sequence b2{{1.0}}, k2{jitter};
  m = sample_pairs_until_stable(std::ref(b2), std::ref(k2), criteria(10, 0.1, 0.2, 0.0001), {}, {}, below_one);
  CHECK(m.stopped == StopReason::max_time);
  CHECK(m.pairs_taken > 90);
  // Throttled pairs are not kept, so they do not count towards min_samples.
  Sequence b3{{1.0}}, k3{jitter, {false, true}};
  m = sample_pairs_until_stable(std::ref(b3), std::ref(k3), c, {}, {}, below_two);
  CHECK(m.base_ms.size() == 10);
  CHECK(m.pairs_taken == 19);
  CHECK(m.stopped == StopReason::fail_decided);
}

TEST_CASE("fail_beyond_doubt: decisive and of a clean shape, looked at on fewer counts as they grow") {
  const PairFailDecided below_two = fail_beyond_doubt(Compare::at_least, 2.0);
  // Ratios of exactly 1: decisive, and no shape to doubt.
  CHECK(below_two(std::vector<double>(10, 1.0), std::vector<double>(10, 1.0)));
  CHECK(below_two(std::vector<double>(31, 1.0), std::vector<double>(31, 1.0)));
  // From 32 pairs on, every 2nd count; from 64, every 4th.
  CHECK(below_two(std::vector<double>(32, 1.0), std::vector<double>(32, 1.0)));
  CHECK_FALSE(below_two(std::vector<double>(33, 1.0), std::vector<double>(33, 1.0)));
  CHECK_FALSE(below_two(std::vector<double>(66, 1.0), std::vector<double>(66, 1.0)));
  CHECK(below_two(std::vector<double>(68, 1.0), std::vector<double>(68, 1.0)));
  // Ratios that drift (the candidate slows by 1 % a pair): as far below 2 as before, yet not
  // beyond doubt, so the measurement goes on to its own end.
  std::vector<double> base, cand;
  for (int i = 0; i < 12; ++i) {
    base.push_back(1.0);
    cand.push_back(1.0 + 0.01 * i);
  }
  CHECK_FALSE(below_two(base, cand));
  Sequence b{{1.0}};
  int i = 0;
  PairMeasurement m = sample_pairs_until_stable(
      std::ref(b),
      [&] {
        return Sample{1.0 + 0.01 * i++, false};
      },
      criteria(10, 0.0, 0.1, 0.0001), {}, {}, below_two);
  CHECK(m.stopped == StopReason::max_time);
  CHECK_FALSE(m.ratio_shape.note.empty());
}
