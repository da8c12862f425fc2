// lab: 08-occupancy
// as: occupancy.cpp
// The occupancy calculator the lab asks you to write, included from the toolkit.
// expect: occupancy.cpp includes cuda_occupancy.h (the occupancy calculator is what this lab asks you to write)
// expect-zh: occupancy.cpp 包含了 cuda_occupancy.h（占用率计算器正是这个实验要你自己写的）
#include <cuda_occupancy.h>

#include "lab.h"

int predicted_blocks_per_sm(const KernelResources&, const DeviceLimits&) { return 0; }
