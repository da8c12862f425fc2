#pragma once
#include <cuda_runtime.h>

// The starter's transpose, as shipped: the yardstick for speedup_vs_starter.
void baseline_transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream);
