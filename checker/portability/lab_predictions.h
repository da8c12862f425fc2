#pragma once
// What the course's bottleneck model predicts for every timed check of every lab on a GPU of
// the table (memlab/gpu_table.h): the starter's and the solution's measured values, and the gap
// measurement (the starter and its target) that a check with a gap rule would see there.
#include <optional>
#include <string>
#include <vector>

#include "memlab/gap_rule.h"
#include "memlab/gpu_table.h"

namespace memlab::portability {

struct CheckPrediction {
  std::string lab;                    // "04"
  std::string check;                  // "speedup_vs_starter"
  double starter = 0;                 // the value the check would measure for the starter
  double solution = 0;                // ... and for the reference solution
  std::optional<GapMeasurement> gap;  // for a check with a gap rule
  std::string basis;                  // which resource bounds each side, in a few words
};

// Every timed check of the eight labs on `gpu`, in lab order.
std::vector<CheckPrediction> predict_timed_checks(const GpuSpec& gpu);

}  // namespace memlab::portability
