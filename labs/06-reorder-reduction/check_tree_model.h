#pragma once
// The CPU proof of a block's reduction tree: the pairing function (step, tid) -> (dst, src)
// must add each of the 256 values into word 0 exactly once with no race inside a step, and
// the warps of each step should take one shared-memory wavefront per access (the course's
// bank model says how many they take).
#include <array>
#include <cstddef>
#include <functional>
#include <string>

namespace lab06 {

inline constexpr int kBlock = 256;  // threads and words of one block's tree
inline constexpr int kSteps = 8;    // log2(kBlock)

struct Pair {
  int dst, src;  // s[dst] += s[src]
};
using Pairing = std::function<Pair(int step, int tid)>;

// The two trees the lab compares: the starter's interleaved addressing (thread tid adds the pair
// at word 2 * 2^step * tid) and the sequential addressing of the solution.
Pair interleaved_pair(int step, int tid);
Pair sequential_pair(int step, int tid);

// Threads that add a pair in `step`: 128, 64, ..., 1.
constexpr int active_threads(int step) { return kBlock / 2 >> step; }

// Empty when the pairing is a valid tree; otherwise the first problem, in words:
// a word outside 0..255, two threads writing one word, a thread reading a word another
// thread writes in the same step, or word 0 ending with some value missing or counted twice.
// In English and Chinese (memlab/bilingual.h).
std::string tree_problem(const Pairing& pairing);

// The bank model's view of the tree's shared-memory traffic: per step, every warp with an
// active lane loads s[dst], loads s[src] and stores s[dst] (4-byte words).
struct TreeCost {
  int load_instructions = 0;
  int load_wavefronts = 0;
  int worst_wavefronts = 0;  // the most expensive single warp access
  int worst_step = 0;
  std::string worst_access;  // "load s[dst]", "load s[src]" or "store s[dst]"
  int worst_warp = 0;
  // Per step, the wavefronts of its most expensive warp access: the step's "ways" (an n-way
  // bank conflict takes n wavefronts), what predicted_tree_step_ways() predicts for the starter.
  std::array<int, kSteps> step_worst_wavefronts{};

  double wavefronts_per_load() const { return load_instructions ? double(load_wavefronts) / load_instructions : 0; }
  std::string describe() const;  // in English and Chinese (memlab/bilingual.h)
};

// Call only when tree_problem() is empty: the words must lie inside the block's 256.
TreeCost tree_cost(const Pairing& pairing);

// The shared accesses of one block of the lab's kernel, fixed by lab.h: its 8 warps store s[tid]
// (the fill); in each step every warp with an active thread (4, 2, 1, 1, 1, 1, 1, 1 warps: 12 in
// all) loads s[dst] and s[src] and stores s[dst]; thread 0 loads s[0] last. Without bank
// conflicts that is 25 load and 20 store wavefronts per block. The counter checks divide by this
// work, never by the instructions they count, so that added cheap accesses cannot dilute a ratio.
constexpr int tree_warp_steps() {
  int warps = 0;
  for (int step = 0; step < kSteps; ++step) warps += (active_threads(step) + 31) / 32;
  return warps;
}
inline constexpr int kTreeLoadsPerBlock = 2 * tree_warp_steps() + 1;         // 25
inline constexpr int kTreeStoresPerBlock = kBlock / 32 + tree_warp_steps();  // 20

// Blocks over every level of reduce_tree() for n >= 1 values: one per 256 values, level after
// level, until one block remains (n = 2^24: 65536 + 256 + 1 = 65793).
std::size_t tree_blocks(std::size_t n);

// The bank model's price of one block's shared accesses for a declared tree_pair(), in
// wavefronts per block. A kernel that adds the tree may read it in three ways, all honest:
//   apart     each step's s[dst] and s[src] as two 4-byte loads, then s[0]: the most
//   fused     a step whose every pair is two neighbouring words starting at an even one read as
//             one 8-byte load (nvcc does this for the starter's step 0)
//   register  the least: in a step where every thread that adds wrote its s[dst] itself in the
//             step before (or in the fill), it may keep that sum in a register and load s[src]
//             alone (Harris's reductions do), and thread 0 may write the block's sum from its
//             register
// The stores are the same in all three: the fill, then s[dst] in every step.
struct TreeTraffic {
  int loads_apart = 0, loads_fused = 0, loads_register = 0;
  int stores = 0;
  int fusable_steps = 0;   // steps that may run as one 8-byte load
  int register_steps = 0;  // steps whose s[dst] loads may stay in registers

  // Per access of the tree's work (kTreeLoadsPerBlock loads, kTreeStoresPerBlock stores).
  double load_low() const { return double(loads_register) / kTreeLoadsPerBlock; }
  double load_high() const { return double(loads_apart) / kTreeLoadsPerBlock; }
  double store_ratio() const { return double(stores) / kTreeStoresPerBlock; }
};
// Call only when tree_problem() is empty.
TreeTraffic tree_traffic(const Pairing& pairing);

}  // namespace lab06
