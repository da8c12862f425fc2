#include <doctest/doctest.h>

#include <cmath>

#include "memlab/verdict.h"

using namespace memlab;

TEST_CASE("judge: the whole interval decides") {
  CHECK(judge(Compare::at_least, 1.8, {2.2, 2.1, 2.3}).verdict == Verdict::pass);
  CHECK(judge(Compare::at_least, 1.8, {1.0, 0.98, 1.02}).verdict == Verdict::fail);
  Judgement straddle = judge(Compare::at_least, 1.8, {1.8, 1.75, 1.85});
  CHECK(straddle.verdict == Verdict::inconclusive);
  CHECK(straddle.reason.find("interval") != std::string::npos);
}

TEST_CASE("judge: at most mirrors at least") {
  CHECK(judge(Compare::at_most, 1.1, Estimate::exact(1.0)).verdict == Verdict::pass);
  CHECK(judge(Compare::at_most, 1.1, Estimate::exact(32.0)).verdict == Verdict::fail);
  CHECK(judge(Compare::at_most, 1.1, {1.1, 1.0, 1.2}).verdict == Verdict::inconclusive);
}

TEST_CASE("judge: a doubtful environment never yields pass or fail") {
  Judgement busy = judge(Compare::at_least, 1.8, {2.2, 2.1, 2.3}, "GPU busy: 2 other processes");
  CHECK(busy.verdict == Verdict::inconclusive);
  CHECK(busy.reason == "GPU busy: 2 other processes");
  CHECK(judge(Compare::at_least, 1.8, {1.0, 0.9, 1.1}, "throttled").verdict == Verdict::inconclusive);
}

TEST_CASE("judge: a result far beyond any disturbance keeps its verdict") {
  CHECK(judge(Compare::at_least, 1.8, {0.5, 0.49, 0.51}, "GPU busy").verdict == Verdict::fail);
  CHECK(judge(Compare::at_most, 0.15, Estimate::exact(36.9), "machine too noisy").verdict == Verdict::fail);
  CHECK(judge(Compare::at_least, 0.6, Estimate::exact(3.0), "drifting").verdict == Verdict::pass);
  CHECK(judge(Compare::at_least, 1.8, {3.5, 3.4, 3.6}, "GPU busy").verdict == Verdict::inconclusive);
}

TEST_CASE("judge: pass/fail checks") {
  CHECK(judge(Compare::is_true, 0, Estimate::exact(1)).verdict == Verdict::pass);
  CHECK(judge(Compare::is_true, 0, Estimate::exact(0)).verdict == Verdict::fail);
}

TEST_CASE("compare symbols round-trip") {
  CHECK(parse_compare(">=") == Compare::at_least);
  CHECK(parse_compare("<=") == Compare::at_most);
  CHECK(parse_compare("true") == Compare::is_true);
  CHECK_THROWS(parse_compare(">"));
  CHECK(std::string(to_symbol(Compare::at_least)) == ">=");
}

TEST_CASE("ratio_fails_decisively: only a fail that an interval three times as wide still shows") {
  // 0.98x, 95 % interval 0.97-0.99x, against a bar of 1.45x: far below, decided.
  CHECK(ratio_fails_decisively(Compare::at_least, 1.45, {0.98, 0.97, 0.99}));
  // 1.30x, 1.20-1.41x: the 95 % interval is below 1.45x, but three times as wide (1.02-1.66x
  // on the log scale) it reaches the bar: not decided, sampling goes on.
  CHECK(judge(Compare::at_least, 1.45, {1.30, 1.20, 1.41}).verdict == Verdict::fail);
  CHECK_FALSE(ratio_fails_decisively(Compare::at_least, 1.45, {1.30, 1.20, 1.41}));
  // A pass is never decided early, however clear.
  CHECK_FALSE(ratio_fails_decisively(Compare::at_least, 1.45, {3.0, 2.9, 3.1}));
  // "At most" bars fail from above.
  CHECK(ratio_fails_decisively(Compare::at_most, 1.1, {2.0, 1.95, 2.05}));
  CHECK_FALSE(ratio_fails_decisively(Compare::at_most, 1.1, {1.0, 0.9, 1.1}));
  // Nothing to widen: no interval yet, or not a ratio.
  CHECK_FALSE(ratio_fails_decisively(Compare::at_least, 1.45, {0.98, 0.5, INFINITY}));
  CHECK_FALSE(ratio_fails_decisively(Compare::at_least, 1.45, {0.0, 0.0, 0.0}));
  CHECK_FALSE(ratio_fails_decisively(Compare::is_true, 0, Estimate::exact(0)));
}
