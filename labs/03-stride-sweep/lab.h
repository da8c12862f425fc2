#pragma once
// Lab 03, stride sweep: the contract between your sweep.cu and the checker.
#include <cuda_runtime.h>

#include <cstddef>

constexpr int kSweepMaxStride = 64;                // the sweep covers strides 1..64
constexpr int kSweepWords = 32 * kSweepMaxStride;  // 8 KiB; lane 31 at stride 64 reads up to word 2015

// ---- Part 1 (CPU): the gcd rule -----------------------------------------------------------
// The bank conflict of one warp instruction in which lane i (0..31) loads 32-bit word
// i * stride_words: the largest number of distinct words that fall into one of the 32 banks
// (1 = conflict-free, 32 = fully serialized). stride_words >= 1.
int predicted_ways(int stride_words);

// ---- Part 2 (GPU): the pure benchmark -----------------------------------------------------
// `words` holds kSweepWords 32-bit words in global memory. The checker draws fresh random words
// for every launch it checks or times. Each block first copies them into a __shared__ array of kSweepWords
// words and waits for the copy (__syncthreads()).
// Then kSweepThreads threads; thread t is lane t % 32 of its warp. Each makes
// kSweepLoadsPerThread 4-byte loads from the shared array: load r (r = 0, 1, ...) reads word
//     (t % 32) * stride_words + r % 32
// so every warp instruction is the stride pattern of predicted_ways, moved along by r % 32.
// Thread t folds the words it loaded, in load order, into one 32-bit value h: it starts with
// h = t, takes h = sweep_fold(h, word) for each load, and writes the last h to sums[t].
// Launch it on `stream` and return; the checker waits and checks errors.
// 1 <= stride_words <= kSweepMaxStride.
constexpr int kSweepThreads = 1 << 18;
constexpr int kSweepLoadsPerThread = 4096;  // 2^30 loads = 4 GiB of shared-memory reads per launch
void sweep_shared(const unsigned* words, int stride_words, unsigned* sums, cudaStream_t stream);

// One step of the fold: one XOR and one multiply (mod 2^32). The multiplier is odd, so each step
// is a bijection of h: two threads of one lane load the same words but start from different t,
// so they never end with the same h; and the order of the words matters. So the sums depend on
// fresh inputs and on every load in its order: a kernel that skips its loads cannot produce
// them. A plain sum would not do: every thread of a lane adds the same 4096 words, so a kernel
// could compute 32 sums once and copy them, or write them in closed form.
__host__ __device__ constexpr unsigned sweep_fold(unsigned h, unsigned word) { return (h ^ word) * 0x9E3779B1u; }

// ---- Part 3 (GPU): the mixed kernel, given complete -----------------------------------------
// Its shared memory holds fixed words: word w (0 <= w < kSweepWords) holds sweep_word(w).
// Also kSweepThreads threads. Thread t streams in[t], in[t + kSweepThreads], ... (the elements
// of `in` below n) from global memory, and for each element also loads the words
// (t % 32) * stride_words + j, j = 0 .. kMixedLoadsPerElement - 1, from shared memory. It
// writes the sum (modulo 2^32) of the four words of every element it read and of every
// shared word it loaded to sums[t].
__host__ __device__ constexpr unsigned sweep_word(unsigned w) { return w * 2654435761u + 12345u; }
constexpr int kMixedLoadsPerElement = 4;  // 16 bytes from DRAM : 4 shared loads
void sweep_mixed(const uint4* in, std::size_t n, int stride_words, unsigned* sums, cudaStream_t stream);
