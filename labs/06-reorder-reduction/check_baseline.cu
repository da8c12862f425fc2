// The checker's yardsticks for lab 06: the starter's Part A as shipped (a tree with interleaved
// addressing, whose warps hit 2- to 8-way bank conflicts), kept here because the student edits
// reduce.cu, and CUB's device-wide sum. Speedups are measured against these, in the same run,
// on the same GPU.
// Between each pair of baseline-copy markers stand reduce.cu's own lines, byte for byte but for
// the renames below (its comments included); checker/tests/run_baseline_copies.sh (the test
// course.baseline_copies) holds them to it. The starter's tree_pair() is a global function that
// the student rewrites: its copy here is interleaved_pair(), in this file's unnamed namespace.
// baseline-copy: source reduce.cu
// baseline-copy: rename tree_pair interleaved_pair
// baseline-copy: rename block_sums interleaved_block_sums
// baseline-copy: rename reduce_tree baseline_reduce_tree
#include "check_baseline.h"

#include <cub/cub.cuh>
#include <memlab/cuda_check.h>

#include "lab.h"  // kTreeThreads, kTreeSteps, TreePair

namespace {

// baseline-copy: begin tree_pair
__host__ __device__ TreePair interleaved_pair(int step, int tid) {
  const int stride = 1 << step;
  const int dst = 2 * stride * tid;
  return {dst, dst + stride};
}
// baseline-copy: end tree_pair

// baseline-copy: begin kernel
// One element per thread; the block's 256 values are summed by the tree interleaved_pair() spells
// out, and thread 0 writes the block's sum.
__global__ void interleaved_block_sums(const float* __restrict__ in, float* __restrict__ sums, std::size_t n) {
  __shared__ float s[kTreeThreads];
  const int tid = threadIdx.x;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(kTreeThreads) + tid;
  s[tid] = i < n ? in[i] : 0.0f;  // the last block pads with zeros
  __syncthreads();
  for (int step = 0; step < kTreeSteps; ++step) {
    if (tid < (kTreeThreads / 2 >> step)) {  // 128, 64, ..., 1 threads add one pair each
      const TreePair pair = interleaved_pair(step, tid);
      s[pair.dst] += s[pair.src];
    }
    __syncthreads();
  }
  if (tid == 0) sums[blockIdx.x] = s[0];
}
// baseline-copy: end kernel

}  // namespace

// baseline-copy: begin launch
void baseline_reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  // Level after level: n values become one sum per block, until one block holds them all.
  while (n > kTreeThreads) {
    const std::size_t blocks = (n + kTreeThreads - 1) / kTreeThreads;
    interleaved_block_sums<<<static_cast<unsigned>(blocks), kTreeThreads, 0, stream>>>(in, scratch, n);
    in = scratch;
    scratch += blocks;
    n = blocks;
  }
  interleaved_block_sums<<<1, kTreeThreads, 0, stream>>>(in, out, n);
}
// baseline-copy: end launch

CubSum::CubSum(const float* in, float* out, int n) : in_(in), out_(out), n_(n) {
  MEMLAB_CUDA(cub::DeviceReduce::Sum(nullptr, temp_bytes_, in_, out_, n_));
  MEMLAB_CUDA(cudaMalloc(&temp_, temp_bytes_));
}

CubSum::~CubSum() { cudaFree(temp_); }

void CubSum::operator()(cudaStream_t stream) const {
  std::size_t bytes = temp_bytes_;  // CUB takes the size by reference
  MEMLAB_CUDA(cub::DeviceReduce::Sum(temp_, bytes, in_, out_, n_, stream));
}
