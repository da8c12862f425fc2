// lab: 06-reorder-reduction
// as: reduce.cu
// Everything an honest submission may reasonably use must pass: helpers in an anonymous
// namespace, __device__ helpers, template kernels, cooperative groups, std:: algorithms on the
// host, a function-local static computed once, printf to stderr, assert, math, the lab's own
// CUDA runtime functions and the common ones.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <vector>

#include "lab.h"

namespace cg = cooperative_groups;

__host__ __device__ TreePair tree_pair(int step, int tid) {
  const int half = (kTreeThreads / 2) >> step;
  return {tid, tid + half};
}

namespace {

constexpr int kThreads = 256;

__device__ float warp_total(float v) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  return cg::reduce(warp, v, cg::plus<float>());
}

template <int Threads>
__global__ void sums(const float* __restrict__ in, float* __restrict__ out, std::size_t n) {
  __shared__ float partial[Threads / 32];
  float acc = 0.0f;
  for (std::size_t i = blockIdx.x * Threads + threadIdx.x; i < n; i += gridDim.x * Threads) acc += in[i];
  acc = warp_total(acc);
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = warp_total(threadIdx.x < Threads / 32 ? partial[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, acc);
  }
}

int blocks_for(std::size_t n) {
  static const int resident = [] {
    int device = 0, sms = 0, per_sm = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, sums<kThreads>, kThreads, 0);
    cudaFuncSetAttribute(sums<kThreads>, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
    return std::max(sms * per_sm, 1);
  }();
  const std::vector<std::size_t> choices = {n / kThreads + 1, static_cast<std::size_t>(resident)};
  return static_cast<int>(*std::min_element(choices.begin(), choices.end()));
}

}  // namespace

void reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  reduce_fast(in, scratch, out, n, stream);
}

void reduce_fast(const float* in, float*, float* out, std::size_t n, cudaStream_t stream) {
  assert(n >= 1);
  cudaMemsetAsync(out, 0, sizeof(float), stream);
  sums<kThreads><<<blocks_for(n), kThreads, 0, stream>>>(in, out, n);
  if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
    std::fprintf(stderr, "launch failed: %s (%s), %.1f\n", cudaGetErrorString(e), cudaGetErrorName(e), std::sqrt(2.0));
}
