// Lab 06 starter: a float sum by a shared-memory tree (Part A) that uses interleaved
// addressing, idx = 2 * s * tid, so the lanes of a warp land 2, 4, 8, ... words apart:
// bank conflicts. Part B is the same slow tree for now.
// Your tasks (see README.md):
//   Part A: change tree_pair() to sequential addressing; nothing else in Part A changes.
//   Part B: replace reduce_fast() with a full-speed reduction.
#include "lab.h"

// ---- Part A --------------------------------------------------------------------------------

// Interleaved addressing: in step k the partial sums lie 2^k words apart and thread tid owns
// the pair that starts at word 2 * 2^k * tid. Neighbouring lanes are 2^(k+1) words apart, so
// 2, 4, then 8 lanes of a warp share one bank.  // TODO(lab 06, part A): sequential addressing
// baseline-copy: begin tree_pair (check_baseline.cu keeps a copy: the checker's yardstick)
__host__ __device__ TreePair tree_pair(int step, int tid) {
  const int stride = 1 << step;
  const int dst = 2 * stride * tid;
  return {dst, dst + stride};
}
// baseline-copy: end tree_pair

namespace {

// baseline-copy: begin kernel (check_baseline.cu keeps a copy: the checker's yardstick)
// One element per thread; the block's 256 values are summed by the tree tree_pair() spells
// out, and thread 0 writes the block's sum.
__global__ void block_sums(const float* __restrict__ in, float* __restrict__ sums, std::size_t n) {
  __shared__ float s[kTreeThreads];
  const int tid = threadIdx.x;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(kTreeThreads) + tid;
  s[tid] = i < n ? in[i] : 0.0f;  // the last block pads with zeros
  __syncthreads();
  for (int step = 0; step < kTreeSteps; ++step) {
    if (tid < (kTreeThreads / 2 >> step)) {  // 128, 64, ..., 1 threads add one pair each
      const TreePair pair = tree_pair(step, tid);
      s[pair.dst] += s[pair.src];
    }
    __syncthreads();
  }
  if (tid == 0) sums[blockIdx.x] = s[0];
}
// baseline-copy: end kernel

}  // namespace

// baseline-copy: begin launch (check_baseline.cu keeps a copy: the checker's yardstick)
void reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  // Level after level: n values become one sum per block, until one block holds them all.
  while (n > kTreeThreads) {
    const std::size_t blocks = (n + kTreeThreads - 1) / kTreeThreads;
    block_sums<<<static_cast<unsigned>(blocks), kTreeThreads, 0, stream>>>(in, scratch, n);
    in = scratch;
    scratch += blocks;
    n = blocks;
  }
  block_sums<<<1, kTreeThreads, 0, stream>>>(in, out, n);
}
// baseline-copy: end launch

// ---- Part B --------------------------------------------------------------------------------

// TODO(lab 06, part B): a grid-stride kernel: each thread adds many values in registers (float4
// loads and several in flight help the speed), then warp shuffles make each block's sum once.
// This starter runs Part A's tree for every 256 values: the counters see its shared-memory work.
void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  reduce_tree(in, scratch, out, n, stream);
}
