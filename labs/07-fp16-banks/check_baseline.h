#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// The starter's transpose, as shipped: the yardstick for speedup_vs_starter.
void baseline_transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream);
