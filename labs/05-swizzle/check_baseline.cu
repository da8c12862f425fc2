// The checker's yardstick for lab 05: the starter's kernel exactly as shipped (the tile in
// plain row-major order, so its column read is a 32-way bank conflict), kept here because the
// student edits transpose.cu. Speedups are measured against this, in the same run, on the same GPU.
#include "check_baseline.h"

namespace {

constexpr int kTile = 32;
constexpr int kBlockRows = 8;

__device__ int row_major(int row, int col) { return row * kTile + col; }

__global__ void row_major_tile_transpose(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile * kTile];
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  float v[kTile / kBlockRows] = {};
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) v[j / kBlockRows] = in[(size_t)(row + j) * cols + col];
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[row_major(threadIdx.y + j, threadIdx.x)] = v[j / kBlockRows];
  __syncthreads();
  col = blockIdx.y * kTile + threadIdx.x;
  row = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) v[j / kBlockRows] = tile[row_major(threadIdx.x, threadIdx.y + j)];
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = v[j / kBlockRows];
}

}  // namespace

void baseline_transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  row_major_tile_transpose<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
