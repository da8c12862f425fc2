// Lab 01, an honest solution in the style of the "grid-stride loop" idiom (CUDA Pro Tip): a
// fixed grid of resident blocks, sized from the SM count, sweeps the data; each thread loops.
// Part A: a 2-D grid-stride loop with threadIdx.x on the column (contiguous) dimension.
// Part B: a 1-D grid-stride loop over float4s of the aligned body; block 0 also moves the
//         head and the tail, at most 3 floats each.
#include <algorithm>
#include <cstdint>

#include "lab.h"

namespace {

constexpr int kBlockX = 32;    // Part A: 32 columns per warp (128 contiguous bytes)
constexpr int kBlockY = 8;     //         and 8 rows per block
constexpr int kBlock1D = 256;  // Part B

// How many blocks of `threads` threads fill the GPU once: SMs x blocks per SM.
int resident_blocks(int threads) {
  int device = 0, sms = 0, max_threads_per_sm = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaDeviceGetAttribute(&max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
  return std::max(1, sms) * std::max(1, max_threads_per_sm / threads);
}

// Part A. Rows stride by blockDim.y * gridDim.y, columns by blockDim.x * gridDim.x: lanes of a
// warp always hold 32 neighbouring columns of one row.
__global__ void scale_matrix_grid_stride(const float* __restrict__ in, float* __restrict__ out, int rows, int cols,
                                         int pitch, float s) {
  for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < rows; r += blockDim.y * gridDim.y) {
    const float* src = in + static_cast<std::size_t>(r) * pitch;
    float* dst = out + static_cast<std::size_t>(r) * pitch;
    for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < cols; c += blockDim.x * gridDim.x) dst[c] = s * src[c];
  }
}

// Part B, for in and out misaligned differently: one float at a time, grid-stride.
__global__ void scale_array_grid_stride(const float* __restrict__ in, float* __restrict__ out, std::size_t n, float s) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(blockDim.x) * gridDim.x)
    out[i] = s * in[i];
}

// Part B. The body as float4 (both in + head and out + head are 16-byte aligned), grid-stride;
// the first threads of block 0 move the head and the tail one float each.
__global__ void scale_array_grid_stride4(const float* __restrict__ in, float* __restrict__ out, AlignedSplit split,
                                         float s) {
  const float4* in4 = reinterpret_cast<const float4*>(in + split.head);
  float4* out4 = reinterpret_cast<float4*>(out + split.head);
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < split.body;
       i += static_cast<std::size_t>(blockDim.x) * gridDim.x) {
    float4 v = in4[i];
    v.x *= s;
    v.y *= s;
    v.z *= s;
    v.w *= s;
    out4[i] = v;
  }
  if (blockIdx.x == 0) {
    const std::size_t t = threadIdx.x;
    if (t < split.head) out[t] = s * in[t];
    const std::size_t tail = split.head + 4 * split.body + t;
    if (t < split.tail) out[tail] = s * in[tail];
  }
}

}  // namespace

void scale_matrix(const float* in, float* out, int rows, int cols, int pitch, float s, cudaStream_t stream) {
  const dim3 block(kBlockX, kBlockY);
  const int budget = resident_blocks(kBlockX * kBlockY);
  // As many column blocks as the row needs (up to the budget), the rest of the budget on rows.
  const int gx = std::min((cols + kBlockX - 1) / kBlockX, budget);
  const int gy = std::min({(rows + kBlockY - 1) / kBlockY, std::max(1, budget / gx), 65535});
  scale_matrix_grid_stride<<<dim3(gx, gy), block, 0, stream>>>(in, out, rows, cols, pitch, s);
}

// head: floats up to the next 16-byte boundary, (-address mod 16) / 4, but never more than n.
AlignedSplit aligned_split(const float* p, std::size_t n) {
  const std::uintptr_t address = reinterpret_cast<std::uintptr_t>(p);
  const std::size_t head = std::min<std::size_t>(n, ((0 - address) & 15u) / sizeof(float));
  return {head, (n - head) / 4, (n - head) % 4};
}

void scale_array(const float* in, float* out, std::size_t n, float s, cudaStream_t stream) {
  if (n == 0) return;
  const std::size_t budget = static_cast<std::size_t>(resident_blocks(kBlock1D));
  if ((reinterpret_cast<std::uintptr_t>(in) ^ reinterpret_cast<std::uintptr_t>(out)) & 15u) {
    const std::size_t blocks = std::min(budget, (n + kBlock1D - 1) / kBlock1D);
    scale_array_grid_stride<<<static_cast<unsigned>(blocks), kBlock1D, 0, stream>>>(in, out, n, s);
    return;
  }
  const AlignedSplit split = aligned_split(in, n);
  const std::size_t blocks = std::max<std::size_t>(1, std::min(budget, (split.body + kBlock1D - 1) / kBlock1D));
  scale_array_grid_stride4<<<static_cast<unsigned>(blocks), kBlock1D, 0, stream>>>(in, out, split, s);
}
