// Lab 08 starter: occupancy from the thread limit alone, and the choice that follows from
// "more occupancy is faster". Both are wrong; README.md says why and what to do.
#include "lab.h"

int predicted_blocks_per_sm(const KernelResources& k, const DeviceLimits& gpu) {
  // TODO(lab 08): threads are one of four limits. Add registers and shared memory, the way
  // the hardware allocates them (README.md, "Four limits").
  const int by_threads = gpu.max_threads_per_sm / k.threads_per_block;
  return by_threads < gpu.max_blocks_per_sm ? by_threads : gpu.max_blocks_per_sm;
}

Candidate choose_candidate(const DeviceLimits& /*gpu*/) {
  // TODO(lab 08): the most resident threads, and not a byte of shared memory spent on
  // padding. Is that the fastest candidate? (README.md, "Choosing")
  return {Layout::unpadded, 512};
}
