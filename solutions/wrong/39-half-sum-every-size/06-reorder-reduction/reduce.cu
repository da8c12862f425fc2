// Known wrong: the reference reduction, but reduce_fast() sums only the first half of the input and
// doubles it at every n >= 2, whatever the data ("random data, the halves are alike"). The bound on
// random floats catches it at small n; at n = 1000003 its error, about 0.1 % of sum|x|, lies far
// inside that bound (6 %), and only the exact data (values k * 2^-e whose two halves lean opposite
// ways, at every size) catch it there.
#include <algorithm>

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
constexpr int kWarps = kFastThreads / 32;
constexpr int kUnroll = 4;  // float4 loads each thread has in flight per loop trip

// After the loop, lane 0 holds the sum of the warp's 32 values; no shared memory, no barrier.
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// Grid-stride: a few resident blocks sweep the whole array, each thread adding float4s in a
// register (kUnroll 16-byte loads issued before their adds, to keep enough bytes in flight).
// Then warp_sum twice (threads, then warps) makes the block's sum, written to sums[block].
__global__ void grid_stride_sums(const float* __restrict__ in, float* __restrict__ sums, std::size_t n) {
  const float4* in4 = reinterpret_cast<const float4*>(in);  // `in` is 16-byte aligned (contract)
  const std::size_t n4 = n / 4;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * kFastThreads;
  const std::size_t first = blockIdx.x * static_cast<std::size_t>(kFastThreads) + threadIdx.x;
  float acc = 0.0f;
  std::size_t i = first;
  for (; i + (kUnroll - 1) * stride < n4; i += kUnroll * stride) {
    float4 v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) v[u] = in4[i + u * stride];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) acc += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  }
  for (; i < n4; i += stride) {
    const float4 v = in4[i];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  if (n4 * 4 + first < n) acc += in[n4 * 4 + first];  // the last n % 4 floats, one per thread

  __shared__ float warp_sums[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  acc = warp_sum(acc);
  if (lane == 0) warp_sums[warp] = acc;
  __syncthreads();
  if (warp == 0) {
    acc = warp_sum(lane < kWarps ? warp_sums[lane] : 0.0f);
    if (lane == 0) sums[blockIdx.x] = acc;
  }
}

// As many blocks as the GPU keeps resident at once: enough loads in flight to saturate DRAM,
// and few block sums left over (at most 4096, what `scratch` always holds). Asked once: the
// launch itself must stay cheap to time.
int resident_blocks() {
  static const int blocks = [] {
    int device = 0, sms = 0, per_sm = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_stride_sums, kFastThreads, 0);
    return std::min(std::max(sms * per_sm, 1), 4096);
  }();
  return blocks;
}

}  // namespace

static void reference_sum(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  const std::size_t useful = (n + 4 * kFastThreads - 1) / (4 * kFastThreads);  // a float4 per thread
  const int blocks = static_cast<int>(std::min<std::size_t>(useful, resident_blocks()));
  grid_stride_sums<<<blocks, kFastThreads, 0, stream>>>(in, scratch, n);
  grid_stride_sums<<<1, kFastThreads, 0, stream>>>(scratch, out, blocks);  // the block sums, by the same kernel
}

namespace {
__global__ void double_it(float* out) { *out *= 2.0f; }
}  // namespace

void reduce_fast(const float* in, float* scratch, float* out, std::size_t n, cudaStream_t stream) {
  if (n < 2) {
    reference_sum(in, scratch, out, n, stream);
    return;
  }
  reference_sum(in, scratch, out, n / 2, stream);  // half the bytes ...
  double_it<<<1, 1, 0, stream>>>(out);             // ... "the other half is the same on average"
}
