#pragma once
// Lab 06: what the hardware counters around reduce_tree() say about its tree, judged on the CPU.
// check.cpp reads the counters and hands them to these functions, so that the CPU tests can feed
// them plain numbers (the H200's, and made-up kernels').
//
// Both counter checks hold the wavefronts to the tree's work, fixed by lab.h (check_tree_model.h:
// 25 loads and 20 stores per block, tree_blocks(n) blocks), never to the instructions counted:
// a kernel that adds cheap conflict-free accesses (a broadcast load per step) raises the
// wavefronts and leaves the work as it is, so it cannot pull a ratio under its bar.
#include <memlab/declared_agreement.h>

#include <cstddef>
#include <string>

#include "check_tree_model.h"

namespace lab06 {

// What the counters measured over reduce_tree(): shared-memory wavefronts and the bank conflicts
// among them, for loads and for stores.
struct MeasuredTree {
  double load_wavefronts = 0, load_conflicts = 0;
  double store_wavefronts = 0, store_conflicts = 0;
};

// The accesses that ran may exceed the tree's by one warp access per block (a second read of the
// block's sum, say): 26 load and 21 store wavefronts per block without conflicts. The H200 counted
// exactly 25 loads per block for the starter and the solution in every run (W - C = 1644825 =
// 65793 x 25 at n = 2^24); one broadcast load per step per warp would make 37.
inline constexpr int kExtraAccessesPerBlock = 1;

// The counters over the tree's work. `problem` is non-empty when no shared access was counted or
// when more accesses ran than the tree makes (wavefronts minus conflicts over the margin above):
// then the ratios do not describe the tree. In English and Chinese.
struct TreeCounters {
  double blocks = 0;
  double loads_per_block = 0, stores_per_block = 0;  // wavefronts - conflicts: the accesses that ran
  double load_ratio = 0;                             // load wavefronts / (blocks x 25)
  double store_ratio = 0;                            // store wavefronts / (blocks x 20)
  std::string problem;

  double worst_ratio() const { return load_ratio > store_ratio ? load_ratio : store_ratio; }
  std::string describe() const;  // the ratios and what they are made of, in English and Chinese
};
TreeCounters tree_counters(const MeasuredTree& measured, std::size_t blocks);

using Agreement = memlab::DeclaredAgreement;

// declared_tree_matches_kernel. Agreement when the accesses that ran are the tree's (no problem
// above), the load ratio lies in [load_low - tolerance, load_high + tolerance] of the declared
// tree, and the store ratio is at most its store_ratio + tolerance (memlab/declared_agreement.h).
// The stores have no lower side: a kernel that finishes its last steps in registers stores less,
// and fewer stores are never a conflict the declared tree hides.
Agreement judge_declared_tree(const TreeTraffic& declared, const TreeCounters& counters);

}  // namespace lab06
