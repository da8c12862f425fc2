#pragma once
#include <cuda_runtime.h>

#include <cstddef>

// The starter's Part A as shipped (interleaved addressing, idx = 2 * s * tid): the yardstick
// for tree_speedup_vs_starter. Same contract as reduce_tree() in lab.h.
void baseline_reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream);

// cub::DeviceReduce::Sum over one fixed input, with its temporary storage allocated once, in
// the constructor, so that a timed launch is only CUB's own kernels.
class CubSum {
 public:
  CubSum(const float* in, float* out, int n);
  ~CubSum();
  CubSum(const CubSum&) = delete;
  CubSum& operator=(const CubSum&) = delete;
  void operator()(cudaStream_t stream) const;

 private:
  const float* in_;
  float* out_;
  int n_;
  void* temp_ = nullptr;
  std::size_t temp_bytes_ = 0;
};
