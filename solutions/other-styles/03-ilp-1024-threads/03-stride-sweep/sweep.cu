// Lab 03, an honest solution in the style of the OLCF CUDA training series' exercises: the
// largest block (1024 threads), the gcd rule stated as the formula it is, and a benchmark loop
// with explicit instruction-level parallelism: the loads go out in batches of four independent
// loads into registers, and only then does the fold (one chain, in load order) consume them.
// The mixed kernel (Part 3) is the given one, unchanged, launched as given.
#include <numeric>

#include "lab.h"

// ---- Part 1: the gcd rule ----------------------------------------------------------------
// Lane i reads word i * stride, in bank (i * stride) % 32: the warp touches 32 / gcd(stride, 32)
// banks, gcd(stride, 32) distinct words in each.
int predicted_ways(int stride_words) { return std::gcd(stride_words, 32); }

namespace {

constexpr int kPureBlock = 1024;  // 2^18 threads in 256 blocks of 32 warps
constexpr int kBatch = 4;         // independent loads in flight before the fold consumes them
constexpr int kMixedBlock = 256;  // the given mixed kernel's launch

__device__ void copy_sweep_words(const unsigned* in, unsigned* words) {
  for (int w = threadIdx.x; w < kSweepWords; w += blockDim.x) words[w] = in[w];
  __syncthreads();
}

__device__ void fill_sweep_words(unsigned* words) {
  for (int w = threadIdx.x; w < kSweepWords; w += blockDim.x) words[w] = sweep_word(w);
  __syncthreads();
}

// ---- Part 2: the pure benchmark ------------------------------------------------------------
// The volatile pointer keeps every one of the 4096 loads a load; h stays in a register.
__global__ void __launch_bounds__(kPureBlock) shared_stride_loads_ilp(const unsigned* in, int stride, unsigned* sums) {
  __shared__ unsigned words[kSweepWords];
  copy_sweep_words(in, words);
  const volatile unsigned* mine = words + (threadIdx.x % 32) * stride;
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = t;
#pragma unroll 8  // r % 32 is a constant in each unrolled copy (8 batches = one round of 32)
  for (int r = 0; r < kSweepLoadsPerThread; r += kBatch) {
    unsigned batch[kBatch];
#pragma unroll
    for (int i = 0; i < kBatch; ++i) batch[i] = mine[(r + i) % 32];  // four loads, none waits
#pragma unroll
    for (int i = 0; i < kBatch; ++i) h = sweep_fold(h, batch[i]);  // then the fold, in order
  }
  sums[t] = h;
}

// ---- Part 3: the mixed kernel (given complete) ---------------------------------------------
__global__ void stream_and_shared_loads(const uint4* __restrict__ in, std::size_t n, int stride, unsigned* sums) {
  __shared__ unsigned words[kSweepWords];
  fill_sweep_words(words);
  const volatile unsigned* mine = words + (threadIdx.x % 32) * stride;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned sum = 0;
  for (std::size_t i = t; i < n; i += kSweepThreads) {
    const uint4 v = in[i];  // coalesced: a warp reads 512 consecutive bytes
    sum += v.x + v.y + v.z + v.w;
#pragma unroll
    for (int j = 0; j < kMixedLoadsPerElement; ++j) sum += mine[j];
  }
  sums[t] = sum;
}

}  // namespace

void sweep_shared(const unsigned* words, int stride_words, unsigned* sums, cudaStream_t stream) {
  static_assert(kSweepThreads % kPureBlock == 0, "whole blocks only");
  static_assert(kSweepLoadsPerThread % kBatch == 0, "whole batches only");
  shared_stride_loads_ilp<<<kSweepThreads / kPureBlock, kPureBlock, 0, stream>>>(words, stride_words, sums);
}

void sweep_mixed(const uint4* in, std::size_t n, int stride_words, unsigned* sums, cudaStream_t stream) {
  stream_and_shared_loads<<<kSweepThreads / kMixedBlock, kMixedBlock, 0, stream>>>(in, n, stride_words, sums);
}
