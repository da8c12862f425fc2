#pragma once
// Occupancy on the CPU (check_occupancy.cpp): the course's own calculator, NVIDIA's
// cuda_occupancy.h for the same inputs, and the cases both grade the student's predictions on.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "lab.h"

// Blocks per SM that each resource allows, and the occupancy they give together.
struct OccupancyLimits {
  int by_warps = 0, by_registers = 0, by_shared = 0, by_blocks = 0;
  int blocks() const;
  bool operator==(const OccupancyLimits& o) const;
};

// The course's calculator: every limit worked out by hand from the DeviceLimits, as the
// handout teaches it.
OccupancyLimits reference_occupancy(const KernelResources& k, const DeviceLimits& gpu);

// cudaOccMaxActiveBlocksPerMultiprocessor (the header-only calculator of the CUDA Toolkit)
// for a device with these limits and a kernel with these resources, opted in to the most
// dynamic shared memory a block may have. Throws std::runtime_error on a calculator error.
OccupancyLimits header_occupancy(const KernelResources& k, const DeviceLimits& gpu);

// "swizzled/512": layout and threads per block.
std::string candidate_name(Candidate c);
const char* layout_name(Layout layout);

// "4 blocks (warps 16, registers 16, shared memory 4, blocks 32)".
std::string describe(const OccupancyLimits& limits);
std::string describe(const KernelResources& k);
// The same in Chinese, for the report.
std::string describe_zh(const OccupancyLimits& limits);
std::string describe_zh(const KernelResources& k);

// What the predictions are graded on: the twelve candidates, then what-if kernels that
// exercise each limit and each rounding rule.
struct OccupancyCase {
  std::string what;
  std::string what_zh;  // `what` in Chinese, for the report
  KernelResources resources;
};
std::vector<OccupancyCase> graded_cases();
const std::vector<DeviceLimits>& known_parts();  // H200, A100, RTX 4090 (lab.h)

// The rules that cuda_occupancy.h derives from the compute capability (block limit,
// allocation units, schedulers) disagree with `gpu`'s fields: a description in English and
// Chinese (memlab/bilingual.h), or empty.
std::string header_disagreement(const DeviceLimits& gpu);

// The limits of the GPU in this machine, from its cudaDeviceProp and the allocation rules
// cuda_occupancy.h knows for its compute capability. `name` points into `prop`. Throws
// std::runtime_error when the calculator does not know this compute capability.
DeviceLimits limits_of_device(const cudaDeviceProp& prop);
