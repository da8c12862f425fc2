#pragma once
// Rooflines measured on this GPU at test time (and cached for the process), so every
// performance threshold is a fraction of what this very machine can do.
#include "memlab/sampling.h"

namespace memlab {

struct Roofline {
  double bytes_per_second = 0;  // median
  double low = 0, high = 0;     // 95 % interval of the mean rate
  Measurement measurement;
  std::size_t bytes_per_launch = 0;
};

// Device-to-device copy with float4 loads and stores, grid-stride; bytes read + written.
const Roofline& copy_roofline();
// Streaming read (float4 loads summed in registers, one atomic per block); bytes read.
const Roofline& read_roofline();

// A kernel time that beats bytes / roofline by more than `tolerance` did not do the work:
// returns the explanation, or empty when the time is physically possible.
std::string impossible_time_reason(double ms, double bytes, const Roofline& roofline,
                                   double tolerance = 0.10);

}  // namespace memlab
