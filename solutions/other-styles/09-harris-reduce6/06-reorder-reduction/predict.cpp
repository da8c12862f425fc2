// Lab 06, predict first, in closed form. In step k of the interleaved tree, lane i of a warp
// touches word 2^(k+1) * i (s[dst]; s[src] is the same pattern moved by 2^k words), in bank
// (2^(k+1) * i) % 32. Lanes cycle through 32 / gcd(2^(k+1), 32) banks, so the busiest bank
// gets ceil(active lanes / banks) of them, where the active lanes of the busiest warp are
// min(32, 128 >> k): steps 0..7 give 2, 4, 8, 8, 8, 4, 2, 1.
#include <algorithm>
#include <numeric>

#include "lab.h"

int predicted_tree_step_ways(int step) {
  if (step < 0 || step >= kTreeSteps) return 0;
  const int distance = 2 << step;                               // words between neighbouring lanes
  const int active = std::min(32, (kTreeThreads / 2) >> step);  // lanes of the busiest warp
  const int banks_touched = 32 / std::gcd(distance, 32);
  return (active + banks_touched - 1) / banks_touched;
}
