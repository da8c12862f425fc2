#pragma once
// What a lab's performance test does before it times anything: run the work once, as a timed
// sample would be prepared, and verify it (memlab::expect_speedup and expect_roofline_fraction,
// declared in checker.h, then verify samples as they time them).
#include <string>
#include <vector>

#include "memlab/check_id.h"
#include "memlab/timed_work.h"

namespace memlab {

// How many times a timed measurement is taken in all when it comes out inconclusive or doubted
// (a drift, a scatter); after the last, it is reported as it is. Every timed check uses it.
constexpr int kTimedAttempts = 3;

// Timing a wrong kernel means nothing: prepares `work` for a fresh sample, runs it once through
// run_checked (errors, hangs and stray streams reported) and verifies its output. When it is
// wrong, every check in `timed_checks` fails with the reason ("not timed: ...") and this
// returns false.
bool verified_before_timing(const TimedWork& work, const std::vector<CheckId>& timed_checks);

}  // namespace memlab
