#pragma once
// Lab 03, stride sweep: the contract between your sweep.cu and the checker.
#include <cuda_runtime.h>

#include <cstddef>

// Shared memory as both benchmarks see it: kSweepWords 32-bit words, word w holding
// sweep_word(w). The checker knows these values, so it can check every sum exactly.
constexpr int kSweepMaxStride = 64;                // the sweep covers strides 1..64
constexpr int kSweepWords = 32 * kSweepMaxStride;  // 8 KiB; lane 31 at stride 64 reads up to word 2015
__host__ __device__ constexpr unsigned sweep_word(unsigned w) { return w * 2654435761u + 12345u; }

// ---- Part 1 (CPU): the gcd rule -----------------------------------------------------------
// The bank conflict of one warp instruction in which lane i (0..31) loads 32-bit word
// i * stride_words: the largest number of distinct words that fall into one of the 32 banks
// (1 = conflict-free, 32 = fully serialized). stride_words >= 1.
int predicted_ways(int stride_words);

// ---- Part 2 (GPU): the pure benchmark -----------------------------------------------------
// kSweepThreads threads; thread t is lane t % 32 of its warp. Each makes kSweepLoadsPerThread
// 4-byte loads from shared memory: load r (r = 0, 1, ...) reads word
//     (t % 32) * stride_words + r % 32
// so every warp instruction is the stride pattern of predicted_ways, moved along by r % 32.
// It writes the sum (modulo 2^32) of the words it loaded to sums[t]. Launch it on `stream`
// and return; the checker waits and checks errors. 1 <= stride_words <= kSweepMaxStride.
constexpr int kSweepThreads = 1 << 18;
constexpr int kSweepLoadsPerThread = 4096;  // 2^30 loads = 4 GiB of shared-memory reads per launch
void sweep_shared(int stride_words, unsigned* sums, cudaStream_t stream);

// ---- Part 3 (GPU): the mixed kernel, given complete -----------------------------------------
// Also kSweepThreads threads. Thread t streams in[t], in[t + kSweepThreads], ... (the elements
// of `in` below n) from global memory, and for each element also loads the words
// (t % 32) * stride_words + j, j = 0 .. kMixedLoadsPerElement - 1, from shared memory. It
// writes the sum (modulo 2^32) of the four words of every element it read and of every
// shared word it loaded to sums[t].
constexpr int kMixedLoadsPerElement = 4;  // 16 bytes from DRAM : 4 shared loads
void sweep_mixed(const uint4* in, std::size_t n, int stride_words, unsigned* sums, cudaStream_t stream);
