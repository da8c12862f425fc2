// Known wrong: Part B in one kernel with a hand-made grid barrier: every block adds its sum to
// scratch, then spins on a volatile counter until all blocks have arrived. Blocks that are not yet
// resident can never arrive, so large arrays hang forever; the per-launch deadline ends the run.
#include "lab.h"

// ---- Part A --------------------------------------------------------------------------------

// Sequential addressing: in step k the first half of the live range, [0, 128 >> k), adds the
// second half into itself. Neighbouring lanes touch neighbouring words: 32 lanes, 32 banks.
__host__ __device__ TreePair tree_pair(int step, int tid) {
  const int half = (kTreeThreads / 2) >> step;
  return {tid, tid + half};
}

namespace {

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

}  // namespace

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
// ---- Part B --------------------------------------------------------------------------------

namespace {

constexpr int kFastThreads = 256;
constexpr int kWarps = kFastThreads / 32;

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__device__ float block_sum(float acc) {
  __shared__ float warp_sums[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  acc = warp_sum(acc);
  if (lane == 0) warp_sums[warp] = acc;
  __syncthreads();
  return warp == 0 ? warp_sum(lane < kWarps ? warp_sums[lane] : 0.0f) : 0.0f;  // valid in thread 0
}

// One float4 per thread (the tail by the first threads), a block sum into partials[block], a grid
// barrier, and block 0 adds the partial sums.
__global__ void sum_with_grid_barrier(const float* __restrict__ in, std::size_t n, float* partials, unsigned* arrived,
                                      float* out) {
  const std::size_t i = blockIdx.x * (std::size_t)kFastThreads + threadIdx.x;
  const std::size_t n4 = n / 4;
  float acc = 0.0f;
  if (i < n4) {
    const float4 v = reinterpret_cast<const float4*>(in)[i];
    acc = (v.x + v.y) + (v.z + v.w);
  }
  if (n4 * 4 + i < n) acc += in[n4 * 4 + i];
  acc = block_sum(acc);
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = acc;
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x) {
    }  // wait for every block: those not yet resident wait for a free SM that never comes
  }
  __syncthreads();
  if (blockIdx.x != 0) return;
  float total = 0.0f;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += kFastThreads) total += ((volatile float*)partials)[b];
  total = block_sum(total);
  if (threadIdx.x == 0) *out = total;
}

__global__ void reset(unsigned* arrived) { *arrived = 0; }

}  // namespace

void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  const std::size_t blocks = (n + 4 * kFastThreads - 1) / (4 * kFastThreads);  // one float4 per thread
  unsigned* arrived = reinterpret_cast<unsigned*>(scratch + blocks);           // after the partial sums
  reset<<<1, 1, 0, stream>>>(arrived);
  sum_with_grid_barrier<<<static_cast<unsigned>(blocks), kFastThreads, 0, stream>>>(in, n, scratch, arrived, out);
}
