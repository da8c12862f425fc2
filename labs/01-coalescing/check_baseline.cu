// The checker's yardsticks for lab 01: the starter's two kernels as shipped (the 2-D one, whose
// lanes walk down a column `pitch` floats apart, and the scalar 1-D one), kept here because the
// student edits coalescing.cu. Speedups and the gap rules compare with these, in the same run,
// on the same GPU.
// Between each pair of baseline-copy markers stand coalescing.cu's own lines, byte for byte but
// for the renames below (its comments included); checker/tests/run_baseline_copies.sh (the test
// course.baseline_copies) holds them to it.
// baseline-copy: source coalescing.cu
// baseline-copy: rename scale_matrix_kernel row_mapped_scale
// baseline-copy: rename scale_array_kernel scalar_scale
// baseline-copy: rename scale_matrix baseline_scale_matrix
// baseline-copy: rename scale_array baseline_scale_array
#include "check_baseline.h"

namespace {

// baseline-copy: begin kernels
// Part A. Consecutive lanes of a warp take consecutive ROWS of one column, so their addresses
// are `pitch` floats apart and every lane needs its own 32-byte sector.
__global__ void row_mapped_scale(const float* __restrict__ in, float* __restrict__ out, int rows, int cols, int pitch,
                                 float s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[(size_t)row * pitch + col] = s * in[(size_t)row * pitch + col];
}

// Part B. One float per thread: a warp asks for 128 bytes per load instruction.
__global__ void scalar_scale(const float* __restrict__ in, float* __restrict__ out, size_t n, float s) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i];
}
// baseline-copy: end kernels

}  // namespace

// baseline-copy: begin scale_matrix
void baseline_scale_matrix(const float* in, float* out, int rows, int cols, int pitch, float s, cudaStream_t stream) {
  dim3 block(32, 8);  // x: 32 rows, y: 8 columns
  dim3 grid((rows + block.x - 1) / block.x, (cols + block.y - 1) / block.y);
  row_mapped_scale<<<grid, block, 0, stream>>>(in, out, rows, cols, pitch, s);
}
// baseline-copy: end scale_matrix

// baseline-copy: begin scale_array
void baseline_scale_array(const float* in, float* out, size_t n, float s, cudaStream_t stream) {
  if (n == 0) return;  // a grid of zero blocks is a launch error
  const int block = 256;
  scalar_scale<<<(n + block - 1) / block, block, 0, stream>>>(in, out, n, s);
}
// baseline-copy: end scale_array
