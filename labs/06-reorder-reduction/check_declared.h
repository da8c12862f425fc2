#pragma once
// Lab 06: is the tree_pair() the checker proves on the CPU the tree the kernel adds? The bank
// model's prediction of the tree's shared loads for the declared tree_pair()
// (tree_load_traffic()), and the band inside which the hardware counters of reduce_tree()
// agree with it. CPU only: check.cu reads the counters and hands them to judge_declared_tree().
#include <memlab/declared_agreement.h>

#include <string>

#include "check_tree_model.h"

namespace lab06 {

// The band of agreement is the checker's (memlab/declared_agreement.h): on the H200 the
// sequential tree measures 1.018-1.019, the interleaved starter 3.543 against a prediction of
// 3.48-3.80 (1.8 % over the fused end), both well inside it.

// What the counters measured over reduce_tree(): shared-load wavefronts and bank conflicts.
struct MeasuredLoads {
  double wavefronts = 0, conflicts = 0;
};

using Agreement = memlab::DeclaredAgreement;

// Agreement when wavefronts / (wavefronts - conflicts) lies within the band of the declared
// tree's range: [low - tolerance(low), high + tolerance(high)].
Agreement judge_declared_tree(const TreeLoadTraffic& declared, const MeasuredLoads& measured);

}  // namespace lab06
