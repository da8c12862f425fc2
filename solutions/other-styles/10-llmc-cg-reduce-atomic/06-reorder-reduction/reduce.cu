// Lab 06, an honest solution in the style of llm.c's dev/cuda files: numbered kernel versions
// with a launcher each and a kernel_num dispatcher, cooperative groups for the block and its
// warps (cg::reduce for warp sums), 128-bit Packed loads with a streaming hint, a grid sized
// from the SM count and the threads per SM, and block sums finished with one atomicAdd each
// into *out, cleared first by cudaMemsetAsync on the same stream.
// Part A is kernel 1 (the lab's tree, sequential addressing); Part B is kernel 2.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <cstring>

#include "lab.h"

namespace cg = cooperative_groups;

// ---- Part A --------------------------------------------------------------------------------

__host__ __device__ TreePair tree_pair(int step, int tid) {
  const int half = (kTreeThreads / 2) >> step;  // the live sums are words [0, 2 * half)
  return {tid, tid + half};
}

namespace {

// ----------------------------------------------------------------------------------------------
// Packed128: 16 bytes loaded as one vector.

template <class T>
struct alignas(16) Packed128 {
  static constexpr int size = 16 / sizeof(T);
  T payload[size];
  __device__ explicit Packed128(int4 bits) { std::memcpy(payload, &bits, sizeof(bits)); }
  __device__ const T& operator[](int i) const { return payload[i]; }
};
using f128 = Packed128<float>;

template <class T>
__device__ Packed128<T> load128cs(const T* address) {  // read once: evict first
  return Packed128<T>{__ldcs(reinterpret_cast<const int4*>(address))};
}

// ----------------------------------------------------------------------------------------------
// kernel 1: one element per thread, the block's 256 values summed by the tree of tree_pair();
// block sums go to `out` (one per block) and the launcher repeats until one sum is left.

__global__ void reduce_sum_kernel1(float* out, const float* inp, std::size_t N) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[kTreeThreads];
  const int tid = static_cast<int>(block.thread_rank());
  const std::size_t idx = blockIdx.x * static_cast<std::size_t>(kTreeThreads) + tid;
  s[tid] = idx < N ? inp[idx] : 0.0f;
  block.sync();
  for (int step = 0; step < kTreeSteps; ++step) {
    if (tid < ((kTreeThreads / 2) >> step)) {
      const TreePair pair = tree_pair(step, tid);
      s[pair.dst] += s[pair.src];
    }
    block.sync();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

// ----------------------------------------------------------------------------------------------
// kernel 2: grid-stride over f128 packs; each warp sums its lanes with cg::reduce, the block's
// warp sums meet in shared memory, and warp 0 adds them and makes one atomicAdd into *out.
// The N % 4 floats after the last pack go to the first threads of the grid.

__global__ void reduce_sum_kernel2(float* out, const float* inp, std::size_t N) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float warp_sums[32];

  const std::size_t packs = N / f128::size;
  const std::size_t idx = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  float thread_sum = 0.0f;
  for (std::size_t i = idx; i < packs; i += stride) {
    const f128 packed = load128cs(inp + i * f128::size);
    thread_sum += (packed[0] + packed[1]) + (packed[2] + packed[3]);
  }
  if (packs * f128::size + idx < N) thread_sum += inp[packs * f128::size + idx];

  const float warp_sum = cg::reduce(warp, thread_sum, cg::plus<float>());
  if (warp.thread_rank() == 0) warp_sums[warp.meta_group_rank()] = warp_sum;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    const float v = warp.thread_rank() < warp.meta_group_size() ? warp_sums[warp.thread_rank()] : 0.0f;
    const float block_sum = cg::reduce(warp, v, cg::plus<float>());
    if (warp.thread_rank() == 0) atomicAdd(out, block_sum);
  }
}

// ----------------------------------------------------------------------------------------------
// launchers

void reduce_sum1(float* out, const float* inp, float* scratch, std::size_t N, cudaStream_t stream) {
  while (N > kTreeThreads) {
    const std::size_t grid_size = (N + kTreeThreads - 1) / kTreeThreads;
    reduce_sum_kernel1<<<static_cast<unsigned>(grid_size), kTreeThreads, 0, stream>>>(scratch, inp, N);
    inp = scratch;
    scratch += grid_size;
    N = grid_size;
  }
  reduce_sum_kernel1<<<1, kTreeThreads, 0, stream>>>(out, inp, N);
}

void reduce_sum2(float* out, const float* inp, std::size_t N, int block_size, cudaStream_t stream) {
  static const int threads_on_gpu = [] {
    int device = 0, sms = 0, threads_per_sm = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
    return sms * threads_per_sm;
  }();
  const std::size_t wanted = (N / f128::size + block_size - 1) / block_size;
  const std::size_t full = static_cast<std::size_t>(threads_on_gpu / block_size);
  const unsigned grid_size = static_cast<unsigned>(wanted < full ? (wanted > 0 ? wanted : 1) : full);
  cudaMemsetAsync(out, 0, sizeof(float), stream);  // the blocks add into *out
  reduce_sum_kernel2<<<grid_size, block_size, 0, stream>>>(out, inp, N);
}

void reduce_sum(int kernel_num, float* out, const float* inp, float* scratch, std::size_t N, cudaStream_t stream) {
  switch (kernel_num) {
    case 1: reduce_sum1(out, inp, scratch, N, stream); break;
    case 2: reduce_sum2(out, inp, N, 512, stream); break;
  }
}

}  // namespace

void reduce_tree(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  reduce_sum(1, out, in, scratch, n, stream);
}

// ---- Part B --------------------------------------------------------------------------------

void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  reduce_sum(2, out, in, scratch, n, stream);
}
