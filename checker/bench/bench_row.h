#pragma once
// One comparison, printed as a Markdown table row: our kernel against a library's, timed as
// interleaved pairs (memlab's timer: L2 flushed, adaptive sampling, 95 % CI on the ratio).
#include <cstdio>
#include <string>

#include "memlab/timer.h"

inline int print_comparison(const std::string& what, const std::string& library, double bytes,
                            const memlab::Launch& ours, const memlab::Launch& theirs) {
  memlab::KernelTimer timer;
  memlab::PairMeasurement m = timer.measure_pair(theirs, ours, memlab::criteria_from_environment());
  const double ours_ms = memlab::summarize(m.candidate_ms).median;
  const double theirs_ms = memlab::summarize(m.base_ms).median;
  std::printf("| %s | %s | %.3f ms, %.0f GB/s | %.3f ms, %.0f GB/s | %.2fx (95 %% CI %.2f-%.2fx, %zu pairs) |%s\n",
              what.c_str(), library.c_str(), ours_ms, bytes / ours_ms / 1e6, theirs_ms, bytes / theirs_ms / 1e6,
              m.ratio.ratio, m.ratio.low, m.ratio.high, m.ratio.pairs,
              m.doubt().empty() ? "" : (" doubt: " + m.doubt()).c_str());
  return 0;
}
