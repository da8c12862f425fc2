#pragma once
// Lab 06, reorder a reduction: the contract between your files (predict.cpp, reduce.cu) and the
// checker.
#include <cuda_runtime.h>

#include <cstddef>

// ---- Predict first (predict.cpp) ----------------------------------------------------------
// The starter's tree, before you change it: interleaved addressing, where in step k
// (k = 0 .. 7) the first 128 >> k threads each add one pair, and thread tid adds
// s[2 * 2^k * tid + 2^k] into s[2 * 2^k * tid] (`__shared__ float s[256]`, 4-byte words).
// In each step every warp with an active thread loads s[dst], loads s[src] and stores s[dst].
// Return the ways of step `step` (0 .. 7): n when the most expensive of those warp accesses is
// an n-way bank conflict, that is, when it takes n wavefronts (1 means no conflict). The
// checker compares your answers with the course's bank model. Work them out by hand before
// you change tree_pair().
int predicted_tree_step_ways(int step);

// Both launchers compute *out = in[0] + in[1] + ... + in[n-1] in float, for any n >= 1.
//   in       n floats, 256-byte aligned (as cudaMalloc returns them)
//   scratch  reduce_scratch_floats(n) floats of device memory, 256-byte aligned, that the
//            launcher may use for partial sums; its contents on entry are garbage
//   out      one float; every call must overwrite it (the checker runs a launcher several
//            times in a row, on the same out, and compares each result)
// Enqueue the work on `stream` and return; the checker waits and checks errors.

// Scratch for partial sums: room for one sum per 256 values at every level of a tree
// (fewer than n / 255 + 8 in all), and never less than 4096 floats (one per block of a
// grid-stride kernel).
inline std::size_t reduce_scratch_floats(std::size_t n) { return n / 255 + 4096; }

// ---- Part A: reorder the tree -------------------------------------------------------------
// One element per thread, kTreeThreads threads per block. Each block adds its 256 values in
// shared memory by a tree of kTreeSteps steps: in step k (k = 0 .. 7) the first
// kTreeThreads / 2 >> k threads each add one pair, s[pair.dst] += s[pair.src], and the
// block's sum ends in s[0]. Block sums go to `scratch` and are summed the same way, level
// after level, until one block's sum is the total.
inline constexpr int kTreeThreads = 256;
inline constexpr int kTreeSteps = 8;  // log2(kTreeThreads)

struct TreePair {
  int dst;  // the word that receives the sum
  int src;  // the word added into it
};

// The pair thread `tid` adds in step `step` (0 <= tid < kTreeThreads / 2 >> step): the whole
// tree, as one tiny function. Your kernel's tree must use it. The checker runs it on the
// CPU: it proves that the pairs add every value exactly once with no race, and predicts
// each warp's shared-memory wavefronts with the course's bank model.
// Define it in reduce.cu (not inline): the checker calls it on the CPU.
__host__ __device__ TreePair tree_pair(int step, int tid);

void reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream);

// ---- Part B: a full-speed reduction --------------------------------------------------------
// Any design that is right for every n >= 1. The checker holds it to this GPU's measured read
// bandwidth and to cub::DeviceReduce::Sum, timed in the same run.
void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream);
