// Known wrong: predicted_blocks_per_sm() does not work out the limits, it asks the CUDA occupancy
// calculator in cuda_occupancy.h, the very header the checker compares it with. The handout rules
// this out; the contract must forbid that header, though it is a CUDA header and compiles to nothing.
#include <cuda_occupancy.h>

#include <tuple>

#include "lab.h"

int predicted_blocks_per_sm(const KernelResources& k, const DeviceLimits& gpu) {
  cudaOccDeviceProp props;
  props.computeMajor = gpu.cc_major;
  props.computeMinor = gpu.cc_minor;
  props.maxThreadsPerBlock = gpu.max_threads_per_block;
  props.maxThreadsPerMultiprocessor = gpu.max_threads_per_sm;
  props.regsPerBlock = gpu.registers_per_sm;
  props.regsPerMultiprocessor = gpu.registers_per_sm;
  props.warpSize = gpu.warp_size;
  props.sharedMemPerBlock = 48 * 1024;
  props.sharedMemPerMultiprocessor = gpu.shared_per_sm;
  props.numSms = 1;
  props.sharedMemPerBlockOptin = gpu.shared_per_block_optin;
  props.reservedSharedMemPerBlock = gpu.reserved_shared_per_block;

  cudaOccFuncAttributes attributes;
  attributes.maxThreadsPerBlock = gpu.max_threads_per_block;
  attributes.numRegs = k.registers_per_thread;
  attributes.sharedSizeBytes = static_cast<size_t>(k.static_shared_bytes);
  attributes.partitionedGCConfig = PARTITIONED_GC_OFF;
  attributes.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  attributes.maxDynamicSharedSizeBytes = static_cast<size_t>(
      gpu.shared_per_block_optin > k.static_shared_bytes ? gpu.shared_per_block_optin - k.static_shared_bytes : 0);
  attributes.numBlockBarriers = 1;

  const cudaOccDeviceState state;
  cudaOccResult result;
  if (cudaOccMaxActiveBlocksPerMultiprocessor(&result, &props, &attributes, &state, k.threads_per_block,
                                              static_cast<size_t>(k.dynamic_shared_bytes)) != CUDA_OCC_SUCCESS)
    return 0;
  return result.activeBlocksPerMultiprocessor;
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
