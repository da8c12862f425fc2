#pragma once
// The GPU part's kernel: one warp performs one shared-memory access pattern, and nothing
// else touches shared memory, so the counters see exactly that pattern's wavefronts.
#include <cuda_runtime.h>

// Each load is repeated so that any per-launch residue in the counters shrinks to 1/kProbeLoads.
inline constexpr int kProbeLoads = 32;

struct ProbeLanes {
  int offset[32];  // byte offset into shared memory of each lane, or -1 for an inactive lane
};

// One block of 32 threads: every active lane loads `width` bytes (1, 2, 4, 8 or 16) at its
// offset, kProbeLoads times. Offsets must be multiples of `width` and below 48 KiB; `sink`
// holds 32 unsigned values that keep the loads alive. Asynchronous, on `stream`.
cudaError_t launch_shared_probe(int width, const ProbeLanes& lanes, unsigned* sink, cudaStream_t stream);
