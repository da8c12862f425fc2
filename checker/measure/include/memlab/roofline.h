#pragma once
// Rooflines measured on this GPU at test time (and cached for the process), so every
// performance threshold is a fraction of what this very machine can do.
#include "memlab/sampling.h"

namespace memlab {

struct Roofline {
  double bytes_per_second = 0;  // median
  double low = 0, high = 0;     // 95 % interval of the median rate
  Measurement measurement;
  std::size_t bytes_per_launch = 0;
};

// Device-to-device copy with float4 loads and stores, grid-stride; bytes read + written.
const Roofline& copy_roofline();
// Streaming read (float4 loads summed in registers, one atomic per block); bytes read.
const Roofline& read_roofline();

// Shared-memory loads with no bank conflict: every lane of every resident warp reads its own
// bank again and again; bytes = 4 per lane per load. The theoretical rate is
// SMs x 32 banks x 4 B x SM clock (the clock the runtime reports as the maximum).
const Roofline& shared_roofline();
double theoretical_shared_bytes_per_second();

// A kernel time that beats bytes / roofline by more than `tolerance` did not do the work:
// returns the explanation, or empty when the time is physically possible.
std::string impossible_time_reason(double ms, double bytes, const Roofline& roofline, double tolerance = 0.10);

}  // namespace memlab
