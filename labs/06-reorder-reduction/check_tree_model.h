#pragma once
// The CPU proof of a block's reduction tree: the pairing function (step, tid) -> (dst, src)
// must add each of the 256 values into word 0 exactly once with no race inside a step, and
// the warps of each step should take one shared-memory wavefront per access (the course's
// bank model says how many they take).
#include <array>
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

// The shared loads of one block of the lab's kernel as the counters see them, priced by the
// bank model: per step, every warp with an active lane loads s[dst] and s[src], and after the
// tree thread 0 loads s[0] (25 warp loads in all). The ratio is wavefronts over conflict-free
// wavefronts (one per 4-byte load; one per served phase with an active lane for an 8-byte
// load), what tree_wavefronts_per_shared_load reads from the counters as wavefronts over
// (wavefronts - bank conflicts). nvcc fuses a step's two loads into one 8-byte load when every
// thread's pair is two neighbouring words starting at an even one (the starter's step 0), so
// the prediction is a range: `low` with every such step fused, `high` with none. For a tree
// with no such step, low == high.
struct TreeLoadTraffic {
  double low = 0, high = 0;
  int fusable_steps = 0;
};
// Call only when tree_problem() is empty.
TreeLoadTraffic tree_load_traffic(const Pairing& pairing);

}  // namespace lab06
