// Lab 06, an honest solution in the style of Mark Harris's "Optimizing Parallel Reduction in
// CUDA" slides, brought up to date for independent thread scheduling (Volta and later).
// Part A: reduce3's sequential addressing (through tree_pair()), and reduce5's "unroll the
//         last warp": once one warp holds every active thread, __syncwarp() replaces
//         __syncthreads() between steps; the steps are unrolled by the block-size template.
// Part B: reduce6: a block-size template, "first add during load" with each thread taking two
//         float4s blockSize apart per trip of a grid-stride loop, a shared-memory tree down to
//         64 values, and the last warp finished with shuffles. A second launch of the same
//         kernel adds the block sums.
#include <algorithm>

#include "lab.h"

// ---- Part A --------------------------------------------------------------------------------

// reduce3's sequential addressing: thread tid adds s[tid + half] into s[tid].
__host__ __device__ TreePair tree_pair(int step, int tid) {
  const int half = (kTreeThreads / 2) >> step;
  return {tid, tid + half};
}

namespace {

constexpr unsigned kFullMask = 0xffffffffu;

// The steps whose active threads span more than one warp: those need a block barrier.
template <unsigned blockSize>
__host__ __device__ constexpr int block_wide_steps() {
  int steps = 0;
  for (unsigned half = blockSize / 2; half > 32; half /= 2) ++steps;
  return steps;
}

template <unsigned blockSize>
__global__ void tree_block_sums(const float* __restrict__ g_idata, float* __restrict__ g_odata, std::size_t n) {
  static_assert(blockSize == kTreeThreads, "the tree is defined for kTreeThreads threads");
  __shared__ float sdata[blockSize];
  const unsigned tid = threadIdx.x;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockSize) + tid;
  sdata[tid] = i < n ? g_idata[i] : 0.0f;
  __syncthreads();

  constexpr int kBlockSteps = block_wide_steps<blockSize>();
#pragma unroll
  for (int step = 0; step < kBlockSteps; ++step) {
    if (tid < ((blockSize / 2) >> step)) {
      const TreePair p = tree_pair(step, tid);
      sdata[p.dst] += sdata[p.src];
    }
    __syncthreads();
  }
  // The last warp: every remaining step's active threads are lanes of warp 0.
  if (tid < 32) {
#pragma unroll
    for (int step = kBlockSteps; step < kTreeSteps; ++step) {
      if (tid < ((blockSize / 2) >> step)) {
        const TreePair p = tree_pair(step, tid);
        sdata[p.dst] += sdata[p.src];
      }
      __syncwarp(kFullMask);
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
  }
}

}  // namespace

void reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  while (n > kTreeThreads) {
    const std::size_t blocks = (n + kTreeThreads - 1) / kTreeThreads;
    tree_block_sums<kTreeThreads><<<static_cast<unsigned>(blocks), kTreeThreads, 0, stream>>>(in, scratch, n);
    in = scratch;
    scratch += blocks;
    n = blocks;
  }
  tree_block_sums<kTreeThreads><<<1, kTreeThreads, 0, stream>>>(in, out, n);
}

// ---- Part B --------------------------------------------------------------------------------

namespace {

__device__ __forceinline__ float add4(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// reduce6. Block b starts at float4 b * 2 * blockSize and jumps by the whole grid's 2 * blockSize
// float4s: each trip loads in4[i] and in4[i + blockSize] ("first add during load"). The n % 4
// floats after the last float4 go to the first threads of block 0.
template <unsigned blockSize>
__global__ void reduce6(const float* __restrict__ g_idata, float* __restrict__ g_odata, std::size_t n) {
  static_assert(blockSize >= 64 && blockSize <= 1024, "the last-warp code assumes blockSize >= 64");
  __shared__ float sdata[blockSize];
  const unsigned tid = threadIdx.x;
  const float4* in4 = reinterpret_cast<const float4*>(g_idata);  // 256-byte aligned (lab.h)
  const std::size_t n4 = n / 4;
  const std::size_t gridSize = 2 * static_cast<std::size_t>(blockSize) * gridDim.x;

  float mySum = 0.0f;
  for (std::size_t i = 2 * static_cast<std::size_t>(blockSize) * blockIdx.x + tid; i < n4; i += gridSize) {
    mySum += add4(in4[i]);
    if (i + blockSize < n4) mySum += add4(in4[i + blockSize]);
  }
  if (blockIdx.x == 0 && n4 * 4 + tid < n) mySum += g_idata[n4 * 4 + tid];

  sdata[tid] = mySum;
  __syncthreads();
  if (blockSize >= 1024) {
    if (tid < 512) sdata[tid] = mySum = mySum + sdata[tid + 512];
    __syncthreads();
  }
  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] = mySum = mySum + sdata[tid + 256];
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] = mySum = mySum + sdata[tid + 128];
    __syncthreads();
  }
  if (blockSize >= 128) {
    if (tid < 64) sdata[tid] = mySum = mySum + sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) {
    mySum += sdata[tid + 32];  // blockSize >= 64
    for (int offset = 16; offset > 0; offset /= 2) mySum += __shfl_down_sync(kFullMask, mySum, offset);
    if (tid == 0) g_odata[blockIdx.x] = mySum;
  }
}

constexpr unsigned kMaxThreads = 512;

unsigned next_pow2(std::size_t x) {
  unsigned p = 1;
  while (p < x) p *= 2;
  return p;
}

// The slides' dispatch: a runtime thread count picks the template instance.
void reduce6_launch(unsigned threads, unsigned blocks, const float* in, float* out, std::size_t n,
                    cudaStream_t stream) {
  switch (threads) {
    case 512: reduce6<512><<<blocks, 512, 0, stream>>>(in, out, n); break;
    case 256: reduce6<256><<<blocks, 256, 0, stream>>>(in, out, n); break;
    case 128: reduce6<128><<<blocks, 128, 0, stream>>>(in, out, n); break;
    default: reduce6<64><<<blocks, 64, 0, stream>>>(in, out, n); break;
  }
}

// Threads for n floats: each thread takes two float4s per trip, so n / 8 threads have work;
// a power of two from 64 to kMaxThreads.
unsigned threads_for(std::size_t n) { return std::min(kMaxThreads, std::max(64u, next_pow2((n + 7) / 8))); }

// As many blocks as are resident at once (the slides' maxBlocks), never more than `scratch`
// holds partial sums for (4096).
unsigned max_blocks() {
  static const unsigned blocks = [] {
    int device = 0, sms = 0, per_sm = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, reduce6<kMaxThreads>, kMaxThreads, 0);
    return static_cast<unsigned>(std::min(std::max(sms * per_sm, 1), 4096));
  }();
  return blocks;
}

}  // namespace

void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  const unsigned threads = threads_for(n);
  const std::size_t per_block = 2 * static_cast<std::size_t>(threads);  // float4s per block per trip
  const std::size_t wanted = (n / 4 + per_block - 1) / per_block;
  const unsigned blocks = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(wanted, max_blocks())));
  reduce6_launch(threads, blocks, in, scratch, n, stream);
  reduce6_launch(threads_for(blocks), 1, scratch, out, blocks, stream);  // the block sums
}
