#pragma once
// References for lab 03: the gcd rule, and the sums each benchmark thread must write (on the
// CPU, and for sweep_shared also on the GPU: the course's reference kernel).
#include <cstddef>
#include <cstdint>
#include <vector>

#include <cuda_runtime.h>  // uint4
#include <memlab/verify.h>

#include "lab.h"

// Ways of the conflict when lane i loads 32-bit word i * stride (stride >= 1): gcd(stride, 32).
int gcd_rule_ways(int stride_words);

// ---- sweep_shared: the fold of lab.h on fresh words ---------------------------------------

// sums[t] of sweep_shared for one thread t, on the CPU: h = t, then h = sweep_fold(h, word) for
// each of its 4096 loads in order, load r reading words[(t % 32) * stride_words + r % 32]. Only
// a few threads: the cross-check of the reference kernel (and, constexpr, checked on a known
// table when check_reference.cpp compiles).
constexpr std::uint32_t expected_shared_sum(const std::uint32_t* words, int stride_words, std::uint32_t t) {
  const std::uint32_t* mine = words + (t % 32) * stride_words;
  std::uint32_t h = t;
  for (int r = 0; r < kSweepLoadsPerThread; ++r) h = sweep_fold(h, mine[r % 32]);
  return h;
}

// The kSweepWords input words of a sweep_shared sample: word i is memlab::sample_word(salt, i),
// so every salt gives fresh words, and the GPU draws the same ones (fill_sweep_inputs).
std::vector<std::uint32_t> sweep_input_words(std::uint64_t salt);

// On the GPU (check_reference_gpu.cu), enqueued on `stream`:
// words[i] = sweep_input_words(salt)[i] for i < kSweepWords.
void fill_sweep_inputs(unsigned* words, std::uint64_t salt, cudaStream_t stream);
// sums[t] of sweep_shared on the kSweepWords device words `words` at this stride, for every
// thread t of kSweepThreads: the course's reference kernel, never the student's code.
void reference_shared_sums(const unsigned* words, int stride_words, unsigned* sums, cudaStream_t stream);

// ---- sweep_mixed: fixed shared words (sweep_word) ---------------------------------------------

// The global-memory part of sweep_mixed's sums: for each thread t, the sum of the four words of
// every element in[t], in[t + kSweepThreads], ... of `in`.
std::vector<std::uint32_t> mixed_stream_sums(const std::vector<uint4>& in);
// The same for n elements whose every word has the value `word`.
std::vector<std::uint32_t> mixed_stream_sums(std::uint32_t word, std::size_t n);
// sums[t] of sweep_mixed at this stride, given the stream part.
std::vector<std::uint32_t> expected_mixed_sums(const std::vector<std::uint32_t>& stream_sums, std::size_t n,
                                               int stride_words);

// Bit-exact comparison of 32-bit sums (names a mismatch as sums[t] with t's lane).
memlab::Comparison compare_sums(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want);
std::string sum_name(std::size_t t);
