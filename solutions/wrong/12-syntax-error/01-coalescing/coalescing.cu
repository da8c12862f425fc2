// Known wrong: the reference solution with one semicolon missing in aligned_split(). It does not
// compile, so nothing can be graded: the report gives 0 points and shows the compiler's first
// error in every check.
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

// Part B, fallback. One float per thread: used only when in and out are misaligned differently.
__global__ void scale_array_kernel(const float* __restrict__ in, float* __restrict__ out, size_t n, float s) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i];
}

// Part B. One float4 per thread over the body (a warp asks for 512 bytes per load instruction);
// the first threads also take the head and the tail, at most 3 floats each.
__global__ void scale_array_float4(const float* __restrict__ in, float* __restrict__ out, AlignedSplit split, float s) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < split.body) {
    float4 v = reinterpret_cast<const float4*>(in + split.head)[i];
    v.x *= s, v.y *= s, v.z *= s, v.w *= s;
    reinterpret_cast<float4*>(out + split.head)[i] = v;
  }
  if (i < split.head) out[i] = s * in[i];
  const size_t t = split.head + 4 * split.body + i;
  if (i < split.tail) out[t] = s * in[t];
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
  const size_t head = std::min(n, to_boundary) return {head, (n - head) / 4, (n - head) % 4};
}

void scale_array(const float* in, float* out, size_t n, float s, cudaStream_t stream) {
  if (n == 0) return;  // a grid of zero blocks is a launch error
  const int block = 256;
  // in + head and out + head are both 16-byte aligned only if in and out are equally far from a
  // 16-byte boundary; otherwise no split makes both float4 accesses legal.
  if (reinterpret_cast<std::uintptr_t>(in) % 16 != reinterpret_cast<std::uintptr_t>(out) % 16) {
    scale_array_kernel<<<(n + block - 1) / block, block, 0, stream>>>(in, out, n, s);
    return;
  }
  const AlignedSplit split = aligned_split(in, n);
  const size_t threads = std::max<size_t>(split.body, 3);  // at least one per head and tail float
  scale_array_float4<<<(threads + block - 1) / block, block, 0, stream>>>(in, out, split, s);
}
