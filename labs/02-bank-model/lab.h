#pragma once
// Lab 02, bank model: the contract between your bank_model.cpp and the checker.
// Plain C++17, no CUDA: the checker calls your function on the CPU and compares its answers
// with the course's bank model (CPU checks) and with the GPU's hardware counters (GPU check).

// One warp instruction that loads from (or stores to) shared memory.
struct WarpAccess {
  int width_bytes;            // bytes each lane accesses: 1, 2, 4, 8 or 16
  bool is_store;              // a store: costs what a load does, except a wide broadcast (step 4)
  unsigned active_mask;       // bit i set: lane i takes part; a clear bit: lane i does nothing
  unsigned byte_address[32];  // lane i's byte offset into shared memory (meaningless when inactive)
};
// The checker guarantees: width_bytes is one of the five sizes, and every active lane's
// address is a multiple of width_bytes and below 233472 (228 KiB, the most shared memory an
// SM has). Addresses of inactive lanes may be anything.

// How many shared-memory wavefronts (passes through the 32 banks) the instruction takes on
// the GPU; 0 when no lane is active. For 8- and 16-byte accesses the checker asks only about
// patterns whose cost on the hardware is settled (README.md, step 4).
int predicted_wavefronts(const WarpAccess& access);
