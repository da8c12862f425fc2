// Known wrong: Part B remembers its last sum in __device__ variables; when the first, middle and
// last input values look unchanged it skips the read, sleeps (__nanosleep) about as long as a real
// pass would take and writes the remembered sum. Timed inputs change, outputs are checked: it fails.
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
constexpr int kFastBlocks = 1024;

__device__ float g_cached_sum;
__device__ float g_fingerprint[3];
__device__ int g_have_cache;
__device__ int g_hit;

// One thread. "Same input" is guessed from three values; on a hit, look busy and answer.
__global__ void probe(const float* __restrict__ in, std::size_t n, float* out, unsigned sleep_us) {
  const float f[3] = {in[0], in[n / 2], in[n - 1]};
  const bool hit = g_have_cache && f[0] == g_fingerprint[0] && f[1] == g_fingerprint[1] && f[2] == g_fingerprint[2];
  g_hit = hit;
  if (hit) {
    for (unsigned us = 0; us < sleep_us; ++us) __nanosleep(1000);
    *out = g_cached_sum;
    return;
  }
  for (int k = 0; k < 3; ++k) g_fingerprint[k] = f[k];
  *out = 0.0f;
}

// The honest sum, and a slow one: each warp reads 32 floats at a time and adds them to *out
// with one atomicAdd, so n / 32 atomics queue on one address.
__global__ void atomic_sum(const float* __restrict__ in, std::size_t n, float* out) {
  if (g_hit) return;
  const int lane = threadIdx.x % 32;
  const std::size_t warps = (std::size_t)gridDim.x * (kFastThreads / 32);
  for (std::size_t base = (blockIdx.x * (std::size_t)kFastThreads + threadIdx.x - lane); base < n; base += warps * 32) {
    float v = base + lane < n ? in[base + lane] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0) atomicAdd(out, v);
  }
}

__global__ void remember(const float* out) {
  if (g_hit) return;
  g_cached_sum = *out;
  g_have_cache = 1;
}

}  // namespace

void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  (void)scratch;
  const unsigned sleep_us = static_cast<unsigned>(n / 1000000);  // 4n bytes at 4 TB/s: plausible, not impossible
  probe<<<1, 1, 0, stream>>>(in, n, out, sleep_us);
  atomic_sum<<<kFastBlocks, kFastThreads, 0, stream>>>(in, n, out);
  remember<<<1, 1, 0, stream>>>(out);
}
