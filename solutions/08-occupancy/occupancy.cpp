// Lab 08 reference solution: occupancy is the smallest of four limits, each worked out the way
// the hardware hands out that resource; the choice rules out bank conflicts first, then keeps
// the most warps, and lets the swizzle save the shared memory that padding would cost.
#include <algorithm>
#include <climits>
#include <tuple>

#include "lab.h"

namespace {
int round_up(int x, int unit) { return (x + unit - 1) / unit * unit; }
}  // namespace

int predicted_blocks_per_sm(const KernelResources& k, const DeviceLimits& gpu) {
  const int shared = k.static_shared_bytes + k.dynamic_shared_bytes;
  if (k.threads_per_block < 1 || k.threads_per_block > gpu.max_threads_per_block) return 0;
  if (shared > gpu.shared_per_block_optin) return 0;

  // Warps: a block takes whole warps, even when its last warp is partly empty.
  const int warps = (k.threads_per_block + gpu.warp_size - 1) / gpu.warp_size;
  const int by_warps = gpu.max_threads_per_sm / gpu.warp_size / warps;

  // Registers: a warp gets a multiple of 256 registers, all from its scheduler's quarter of
  // the register file, so count warps per scheduler first.
  int by_registers = INT_MAX;
  if (k.registers_per_thread > 0) {
    const int per_warp = round_up(k.registers_per_thread * gpu.warp_size, gpu.register_alloc_unit);
    const int warps_per_scheduler = gpu.registers_per_sm / gpu.warp_schedulers / per_warp;
    by_registers = warps_per_scheduler * gpu.warp_schedulers / warps;
  }

  // Shared memory: the driver reserves 1 KB for every block, and allocates in 128-byte units.
  const int per_block = round_up(shared + gpu.reserved_shared_per_block, gpu.shared_alloc_unit);
  const int by_shared = gpu.shared_per_sm / per_block;

  return std::min({by_warps, by_registers, by_shared, gpu.max_blocks_per_sm});
}

Candidate choose_candidate(const DeviceLimits& gpu) {
  // 1. The unpadded tile's column read is a 32-way bank conflict: no occupancy makes up for it.
  // 2. Of the conflict-free candidates keep the one with the most resident warps (the most
  //    loads in flight to cover DRAM latency), then the swizzle (padding's speed without the
  //    spare shared memory), then the larger block. Nothing but a measurement separates the
  //    last tie: on the H200, swizzled/1024 (2 blocks of 32 warps) beat swizzled/512 (4 blocks
  //    of 16; docs/results/h200/2026-12-02-87f3383/csv/solution.lab08.candidates.csv): the rule follows it.
  const auto rank = [&](Candidate c) {
    const int warps = predicted_blocks_per_sm(resources_of(c), gpu) * c.threads / gpu.warp_size;
    return std::tuple(c.layout != Layout::unpadded, warps, c.layout == Layout::swizzled, c.threads);
  };
  Candidate best = kCandidates[0];
  for (Candidate c : kCandidates)
    if (rank(c) > rank(best)) best = c;
  return best;
}
