// Lab 01 starter: two correct but slow kernels.
// Part A: the 2-D kernel maps threadIdx.x to the row, the strided dimension. Remap it.
// Part B: the streaming kernel moves one float per thread. Move float4s instead, using
//         aligned_split() (already correct) for misaligned starts and ragged ends.
// See README.md.
#include <algorithm>
#include <cstdint>

#include "lab.h"

namespace {

// baseline-copy: begin kernels (check_baseline.cu keeps a copy: the checker's yardstick)
// Part A. Consecutive lanes of a warp take consecutive ROWS of one column, so their addresses
// are `pitch` floats apart and every lane needs its own 32-byte sector.
__global__ void scale_matrix_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols,
                                    int pitch, float s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[(size_t)row * pitch + col] = s * in[(size_t)row * pitch + col];
}

// Part B. One float per thread: a warp asks for 128 bytes per load instruction.
__global__ void scale_array_kernel(const float* __restrict__ in, float* __restrict__ out, size_t n, float s) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i];
}
// baseline-copy: end kernels

}  // namespace

// baseline-copy: begin scale_matrix (check_baseline.cu keeps a copy: the checker's yardstick)
void scale_matrix(const float* in, float* out, int rows, int cols, int pitch, float s, cudaStream_t stream) {
  dim3 block(32, 8);  // x: 32 rows, y: 8 columns
  dim3 grid((rows + block.x - 1) / block.x, (cols + block.y - 1) / block.y);
  scale_matrix_kernel<<<grid, block, 0, stream>>>(in, out, rows, cols, pitch, s);
}
// baseline-copy: end scale_matrix

AlignedSplit aligned_split(const float* p, size_t n) {
  const size_t misaligned_bytes = reinterpret_cast<std::uintptr_t>(p) % 16;
  const size_t to_boundary = misaligned_bytes == 0 ? 0 : (16 - misaligned_bytes) / sizeof(float);
  const size_t head = std::min(n, to_boundary);
  return {head, (n - head) / 4, (n - head) % 4};
}

// baseline-copy: begin scale_array (check_baseline.cu keeps a copy: the checker's yardstick)
void scale_array(const float* in, float* out, size_t n, float s, cudaStream_t stream) {
  if (n == 0) return;  // a grid of zero blocks is a launch error
  const int block = 256;
  scale_array_kernel<<<(n + block - 1) / block, block, 0, stream>>>(in, out, n, s);
}
// baseline-copy: end scale_array
