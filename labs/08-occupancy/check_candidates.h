#pragma once
// The twelve candidate kernels (check_candidates.cu): one tiled transpose, instantiated for
// each layout and block size of kCandidates.
#include <cuda_runtime.h>

#include <vector>

#include "lab.h"

struct CandidateKernel {
  Candidate candidate;
  const void* function;  // for cudaFuncGetAttributes and the occupancy API
  // out = transpose(in): `in` is rows x cols, `out` is cols x rows, both row-major.
  void (*launch)(const float* in, float* out, int rows, int cols, cudaStream_t stream);
};

// The kernels in the order of kCandidates. The first call (on a GPU) lets each kernel use its
// tile's dynamic shared memory: above 48 KB a kernel must opt in.
const std::vector<CandidateKernel>& candidate_kernels();
