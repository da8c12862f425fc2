#pragma once
// Lab 06: is the tree_pair() the checker proves on the CPU the tree the kernel adds? The bank
// model's prediction of the tree's shared loads for the declared tree_pair()
// (tree_load_traffic()), and the band inside which the hardware counters of reduce_tree()
// agree with it. CPU only: check.cu reads the counters and hands them to judge_declared_tree().
#include <string>

#include "check_tree_model.h"

namespace lab06 {

// How far a measured wavefronts-per-conflict-free-load may lie from a prediction p and still
// agree: 0.25 + 0.05 p. On the H200 the sequential tree measures 1.018-1.019 (conflict-free
// kernels keep 0.02-0.11 over 1: lab 04's padded tile 1.11), the interleaved starter 3.543
// against a prediction of 3.48-3.80 (1.8 % over the fused end); the band is at least twice
// those, and the bands of n and 2n ways never touch (at 1: 0.70-1.30, at 2: 1.65-2.35).
double agreement_tolerance(double predicted);

// What the counters measured over reduce_tree(): shared-load wavefronts and bank conflicts.
struct MeasuredLoads {
  double wavefronts = 0, conflicts = 0;
};

struct Agreement {
  bool ok = false;
  std::string text;  // the check's detail, pass or fail
};

// Agreement when wavefronts / (wavefronts - conflicts) lies within the band of the declared
// tree's range: [low - tolerance(low), high + tolerance(high)].
Agreement judge_declared_tree(const TreeLoadTraffic& declared, const MeasuredLoads& measured);

}  // namespace lab06
