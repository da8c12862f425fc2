// The kernel behind memlab-bank-probe: one warp performs one shared-memory
// access pattern, repeated, and nothing else touches shared memory.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace memlab::counters::tools {

// How often the kernel repeats the access; counts are divided by it so that
// any per-launch residue shrinks to 1/64 of an instruction.
inline constexpr int kProbeRepeats = 64;

struct ProbeLanes {
  std::int32_t offset[32];  // byte offset into shared memory, or -1 for an inactive lane
};

// Launch one block of one warp on the current device: each active lane loads
// (or, with `store`, stores) `width` bytes (1, 2, 4, 8 or 16) at its offset,
// kProbeRepeats times, through ld/st.volatile.shared so that the compiler
// neither drops nor merges any access. `sink` is 32 device words that keep
// loaded values alive (a global store, which shared-memory counters ignore).
// Offsets must be multiples of `width`; the launch is asynchronous.
cudaError_t launch_bank_probe(int width, bool store, const ProbeLanes& lanes, unsigned* sink);

}  // namespace memlab::counters::tools
