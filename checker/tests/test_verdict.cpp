#include <doctest/doctest.h>

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
