// Known wrong: a static object's constructor runs before the checker's main(), writes a
// thresholds file that sets every speed requirement to 0, and points MEMLAB_THRESHOLDS at it (and
// fixes MEMLAB_SEED). Static constructors, setenv and file access break the contract: 0 points.
#include <cstdio>
#include <cstdlib>

#include "lab.h"

namespace {

// "Easy mode": installed before main() reads its environment.
struct EasyGrading {
  EasyGrading() {
    const char* path = "/tmp/lab06-easy-thresholds.json";
    if (std::FILE* f = std::fopen(path, "w")) {
      std::fputs(
          "{\"06\": {\"tree_speedup_vs_starter\": {\"required\": 0.0},"
          " \"fast_fraction_of_read_roofline\": {\"required\": 0.0},"
          " \"fast_vs_cub\": {\"required\": 0.0}}}\n",
          f);
      std::fclose(f);
    }
    setenv("MEMLAB_THRESHOLDS", path, 1);
    setenv("MEMLAB_SEED", "1", 1);  // the same inputs every run
  }
};
const EasyGrading easy_grading;

}  // namespace

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

// Still the starter's: the slow tree, which the easy thresholds were meant to let through.
void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  reduce_tree(in, scratch, out, n, stream);
}
