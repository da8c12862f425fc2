// Lab 06 reference solution, predict first: the ways of each step of the starter's interleaved
// tree, by the bank rule. In step k, lane i of a warp touches word 2^(k+1) * i (+ 2^k for
// s[src]), in bank (2^(k+1) * i) % 32. Every lane's word is different, so the step takes as
// many wavefronts as its busiest bank has active lanes. Only the first 128 >> k threads are
// active, so from step 2 on a single warp, with fewer and fewer lanes, does the step.
#include "lab.h"

namespace {
constexpr int kWarpSize = 32;
constexpr int kBanks = 32;
}  // namespace

int predicted_tree_step_ways(int step) {
  if (step < 0 || step >= kTreeSteps) return 0;  // the tree has steps 0 .. 7 only
  const int distance = 2 << step;                // words between neighbouring lanes
  const int threads = kTreeThreads / 2 >> step;  // 128, 64, ..., 1 add in this step
  // Every warp of a step has the same pattern (a whole warp moves its words by 32 * distance,
  // a multiple of 32 banks), so warp 0 stands for all of them.
  const int active = threads < kWarpSize ? threads : kWarpSize;
  int lanes_in_bank[kBanks] = {};
  int ways = 0;
  for (int lane = 0; lane < active; ++lane) {
    const int bank = (distance * lane) % kBanks;  // s[dst]; s[src] moves every lane alike
    if (++lanes_in_bank[bank] > ways) ways = lanes_in_bank[bank];
  }
  return ways;
}
