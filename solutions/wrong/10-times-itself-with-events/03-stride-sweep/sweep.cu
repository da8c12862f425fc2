// Known wrong: the reference benchmark, timing each of its own launches with CUDA events and
// waiting on them (cudaEventSynchronize) to print the curve. The checker does the timing; events
// and synchronization inside a submission break the contract, so it earns no points.
#include <cstdio>

#include "lab.h"

// ---- Part 1: how many ways does a strided warp access conflict? ----------------------------

int predicted_ways(int stride_words) {
  // Lane i asks for word i * stride, in bank (i * stride) % 32. With stride >= 1 the 32 words
  // are distinct, so the busiest bank's count of lanes is the conflict's ways.
  int words_in_bank[32] = {};
  for (int lane = 0; lane < 32; ++lane) ++words_in_bank[(lane * stride_words) % 32];
  int ways = 0;
  for (int count : words_in_bank) ways = count > ways ? count : ways;
  return ways;
}

namespace {

constexpr int kBlock = 256;  // 2^18 threads in 1024 blocks: enough warps to fill every SM

// The pure kernel's words: this launch's, copied from global memory into the block's shared array.
__device__ void copy_sweep_words(const unsigned* in, unsigned* words) {
  for (int w = threadIdx.x; w < kSweepWords; w += blockDim.x) words[w] = in[w];
  __syncthreads();
}

// The mixed kernel's words: fixed, word w holds sweep_word(w).
__device__ void fill_sweep_words(unsigned* words) {
  for (int w = threadIdx.x; w < kSweepWords; w += blockDim.x) words[w] = sweep_word(w);
  __syncthreads();
}

// ---- Part 2: the pure benchmark (yours to fix) ---------------------------------------------

// Only the shared words are volatile: that keeps every load (the compiler may neither drop nor
// hoist them) while h stays in a register instead of making a trip to memory per load.
__global__ void shared_stride_loads(const unsigned* in, int stride, unsigned* sums) {
  __shared__ unsigned words[kSweepWords];
  copy_sweep_words(in, words);
  const volatile unsigned* mine = words + (threadIdx.x % 32) * stride;  // this lane's 32 words
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = t;
#pragma unroll 32  // r % 32 becomes a constant offset in each unrolled copy
  for (int r = 0; r < kSweepLoadsPerThread; ++r) h = sweep_fold(h, mine[r % 32]);
  sums[t] = h;  // one global store per 4096 loads
}

// ---- Part 3: the mixed kernel (complete: the demonstration) --------------------------------

// Each step reads 16 bytes from DRAM and makes kMixedLoadsPerElement shared loads, so the
// DRAM stream sets the pace until a conflict makes the shared loads slower than it.
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
  // "Print the curve while I work on it": time every launch with events and report it.
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  shared_stride_loads<<<kSweepThreads / kBlock, kBlock, 0, stream>>>(words, stride_words, sums);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  std::fprintf(stderr, "stride %2d: %.3f ms\n", stride_words, ms);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}

void sweep_mixed(const uint4* in, std::size_t n, int stride_words, unsigned* sums, cudaStream_t stream) {
  stream_and_shared_loads<<<kSweepThreads / kBlock, kBlock, 0, stream>>>(in, n, stride_words, sums);
}
