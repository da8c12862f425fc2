#pragma once
#include <cstddef>
#include <cuda_runtime.h>

// The starter's scale_matrix, as shipped (threadIdx.x walks the rows): the yardstick for
// coalesced_speedup_vs_starter.
void baseline_scale_matrix(const float* in, float* out, int rows, int cols, int pitch, float s, cudaStream_t stream);
// The starter's scale_array, as shipped (one float per thread): the starter side of
// vectorized_fraction_of_copy_roofline's gap rule.
void baseline_scale_array(const float* in, float* out, size_t n, float s, cudaStream_t stream);
