// Known wrong: scale_array() casts in and out to float4* straight away, with no head to reach a
// 16-byte boundary. On pointers 4, 8 or 12 bytes past one the kernel stops with a misaligned
// address; the run ends there, and every Part B check it had not decided fails.
#include <algorithm>
#include <cstdint>

#include "lab.h"

namespace {

// Part A. Consecutive lanes take consecutive COLUMNS of one row: one contiguous 128-byte run.
__global__ void scale_matrix_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols,
                                    int pitch, float s) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[(size_t)row * pitch + col] = s * in[(size_t)row * pitch + col];
}

// Part B. One float4 per thread from the start of the array, the last n % 4 floats one by one.
// "cudaMalloc memory is aligned": but in and out may start 4, 8 or 12 bytes past a boundary.
__global__ void scale_array_float4(const float* __restrict__ in, float* __restrict__ out, size_t n, float s) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n / 4) {
    float4 v = reinterpret_cast<const float4*>(in)[i];  // misaligned unless in % 16 == 0
    v.x *= s, v.y *= s, v.z *= s, v.w *= s;
    reinterpret_cast<float4*>(out)[i] = v;
  }
  const size_t t = n / 4 * 4 + i;
  if (i < n % 4) out[t] = s * in[t];
}

}  // namespace

void scale_matrix(const float* in, float* out, int rows, int cols, int pitch, float s, cudaStream_t stream) {
  dim3 block(32, 8);  // x: 32 columns, y: 8 rows
  dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
  scale_matrix_kernel<<<grid, block, 0, stream>>>(in, out, rows, cols, pitch, s);
}

AlignedSplit aligned_split(const float* p, size_t n) {
  const size_t misaligned_bytes = reinterpret_cast<std::uintptr_t>(p) % 16;
  const size_t to_boundary = misaligned_bytes == 0 ? 0 : (16 - misaligned_bytes) / sizeof(float);
  const size_t head = std::min(n, to_boundary);
  return {head, (n - head) / 4, (n - head) % 4};
}

void scale_array(const float* in, float* out, size_t n, float s, cudaStream_t stream) {
  if (n == 0) return;
  const int block = 256;
  const size_t threads = std::max<size_t>(n / 4, 3);
  scale_array_float4<<<(threads + block - 1) / block, block, 0, stream>>>(in, out, n, s);
}
