// The GPU side of lab 03's references: drawing sweep_shared's input words, and the course's
// reference kernel for its sums. 2^18 threads x 4096 steps of the fold is too much for the CPU
// at every stride of every check, so the checker computes the sums here, from a copy of the words
// that only the checker holds, never with the student's code.
#include <memlab/cuda_check.h>
#include <memlab/sample_inputs.h>

#include <stdexcept>
#include <string>

#include "check_reference.h"

namespace {

constexpr int kThreads = 256;

__global__ void sweep_inputs_kernel(unsigned* words, std::uint64_t salt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kSweepWords) words[i] = memlab::sample_word(salt, i);
}

// One thread per sweep thread t. Its lane's 32 words are read once from global memory into
// registers (no shared memory, so no bank conflict: the time is the same at every stride); then
// the 4096 steps of the fold run in load order: load r = 32 * round + j reads word r % 32 = j.
__global__ void reference_sums_kernel(const unsigned* __restrict__ words, int stride, unsigned* __restrict__ sums) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= static_cast<unsigned>(kSweepThreads)) return;
  const unsigned* mine = words + (t % 32) * stride;
  unsigned w[32];
#pragma unroll
  for (int j = 0; j < 32; ++j) w[j] = mine[j];
  unsigned h = t;
  for (int round = 0; round < kSweepLoadsPerThread / 32; ++round) {
#pragma unroll
    for (int j = 0; j < 32; ++j) h = sweep_fold(h, w[j]);
  }
  sums[t] = h;
}

static_assert(kSweepLoadsPerThread % 32 == 0, "whole rounds of 32 loads");
static_assert(kSweepThreads % kThreads == 0, "whole blocks");

}  // namespace

void fill_sweep_inputs(unsigned* words, std::uint64_t salt, cudaStream_t stream) {
  sweep_inputs_kernel<<<(kSweepWords + kThreads - 1) / kThreads, kThreads, 0, stream>>>(words, salt);
  MEMLAB_CUDA(cudaGetLastError());
}

void reference_shared_sums(const unsigned* words, int stride_words, unsigned* sums, cudaStream_t stream) {
  if (stride_words < 1 || stride_words > kSweepMaxStride)
    throw std::logic_error("course bug: reference_shared_sums at stride " + std::to_string(stride_words));
  reference_sums_kernel<<<kSweepThreads / kThreads, kThreads, 0, stream>>>(words, stride_words, sums);
  MEMLAB_CUDA(cudaGetLastError());
}
