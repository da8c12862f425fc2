// The checker's yardsticks for lab 01: the starter's two kernels exactly as shipped (the 2-D one,
// whose lanes walk down a column `pitch` floats apart, and the scalar 1-D one), kept here because
// the student edits coalescing.cu. Speedups and the gap rules compare with these, in the same
// run, on the same GPU.
#include "check_baseline.h"

namespace {

__global__ void row_mapped_scale(const float* __restrict__ in, float* __restrict__ out, int rows, int cols, int pitch,
                                 float s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[(size_t)row * pitch + col] = s * in[(size_t)row * pitch + col];
}

__global__ void scalar_scale(const float* __restrict__ in, float* __restrict__ out, size_t n, float s) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i];
}

}  // namespace

void baseline_scale_matrix(const float* in, float* out, int rows, int cols, int pitch, float s, cudaStream_t stream) {
  dim3 block(32, 8);
  dim3 grid((rows + block.x - 1) / block.x, (cols + block.y - 1) / block.y);
  row_mapped_scale<<<grid, block, 0, stream>>>(in, out, rows, cols, pitch, s);
}

void baseline_scale_array(const float* in, float* out, size_t n, float s, cudaStream_t stream) {
  if (n == 0) return;
  const int block = 256;
  scalar_scale<<<(n + block - 1) / block, block, 0, stream>>>(in, out, n, s);
}
