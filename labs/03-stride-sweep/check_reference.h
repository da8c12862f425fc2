#pragma once
// CPU references for lab 03: the gcd rule, and the sums each benchmark thread must write.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <cuda_runtime.h>  // uint4
#include <memlab/verify.h>

// Ways of the conflict when lane i loads 32-bit word i * stride (stride >= 1): gcd(stride, 32).
int gcd_rule_ways(int stride_words);

// sums[t] of sweep_shared at this stride, for every thread t of kSweepThreads.
std::vector<std::uint32_t> expected_shared_sums(int stride_words);

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
