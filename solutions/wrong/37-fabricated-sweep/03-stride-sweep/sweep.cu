// Known wrong: a sweep that does not sweep. sweep_shared makes no shared-memory load at all: each
// thread reads its lane's 32 distinct words once from global memory and folds them (32 steps
// instead of the contract's 4096), then one thread per block busy-waits gcd(stride, 32) x T1 on
// %globaltimer, T1 being a good stride-1 time on the H200, to draw the sweep's shape. Its sums
// are wrong (the fold depends on every load, in order), and the counters see no shared load.
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

constexpr int kBlock = 256;
constexpr unsigned long long kStride1Ns = 142000;  // T1: 4 GiB of loads at about 92 % of the H200's banks

// The mixed kernel's words: fixed, word w holds sweep_word(w).
__device__ void fill_sweep_words(unsigned* words) {
  for (int w = threadIdx.x; w < kSweepWords; w += blockDim.x) words[w] = sweep_word(w);
  __syncthreads();
}

// ---- Part 2: the fabricated sweep ---------------------------------------------------------

__device__ unsigned long long global_ns() {
  unsigned long long ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
  return ns;
}

__global__ void fabricated_sweep(const unsigned* words, int stride, unsigned* sums) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned* mine = words + (t % 32) * stride;  // global memory: no shared array, no bank
  unsigned h = t;
  for (int j = 0; j < 32; ++j) h = sweep_fold(h, mine[j]);  // each word once
  sums[t] = h;
  if (threadIdx.x == 0) {  // the time a real sweep would take: gcd(stride, 32) x T1, spent waiting
    const int twos = __ffs(stride) - 1;
    const unsigned long long ways = 1ull << (twos < 5 ? twos : 5);
    const unsigned long long start = global_ns();
    while (global_ns() - start < ways * kStride1Ns) {
    }
  }
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
  fabricated_sweep<<<kSweepThreads / kBlock, kBlock, 0, stream>>>(words, stride_words, sums);
}

void sweep_mixed(const uint4* in, std::size_t n, int stride_words, unsigned* sums, cudaStream_t stream) {
  stream_and_shared_loads<<<kSweepThreads / kBlock, kBlock, 0, stream>>>(in, n, stride_words, sums);
}
