#pragma once
// The course's bottleneck model of a memory-bound kernel: each resource the kernel uses takes
// (work on it) / (its rate) seconds, and the kernel takes as long as the slowest one. Two
// resources matter to these labs:
//   DRAM:          bytes read + written, at the copy (or read) roofline measured on the GPU;
//   shared memory: wavefronts (one per cycle per SM), at SMs x clock, or at the shared-memory
//                  roofline measured on the GPU (the stride-1 rate of lab 03).
// The GPU checks feed it rates measured in the same run; memlab-portability feeds it the GPU
// table's datasheet rates (memlab/gpu_table.h). Its error on the H200 is recorded in
// docs/results/h200-log.md ("The bottleneck model against the H200", 2026-12-01).
namespace memlab {

struct ResourceRates {
  double dram_bytes_per_s = 0;
  double shared_wavefronts_per_s = 0;
};

struct KernelWork {
  double dram_bytes = 0;
  double shared_wavefronts = 0;
};

// max(dram_bytes / dram rate, shared_wavefronts / shared rate), in milliseconds.
double bottleneck_ms(const KernelWork& work, const ResourceRates& rates);

// Which resource bounds the kernel: "DRAM" or "shared memory".
const char* bottleneck_name(const KernelWork& work, const ResourceRates& rates);

// A latency-bound kernel (a reduction tree: one value per thread, a barrier per step) is not
// at either roofline; its bank conflicts add to its time instead. The time it would take with
// `extra_wavefronts` fewer wavefronts, measured as `measured_ms`: each extra wavefront costs one
// shared-memory cycle at the given rate, and no kernel beats its DRAM floor (`floor_ms`).
double without_extra_wavefronts_ms(double measured_ms, double extra_wavefronts, double shared_wavefronts_per_s,
                                   double floor_ms);

}  // namespace memlab
