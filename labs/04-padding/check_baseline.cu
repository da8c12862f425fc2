// The checker's yardstick for lab 04: the starter's kernel exactly as shipped (a 32 x 32
// tile whose column read is a 32-way bank conflict), kept here because the student edits
// transpose.cu. Speedups are measured against this, in the same run, on the same GPU.
#include "check_baseline.h"

namespace {

constexpr int kTile = 32;
constexpr int kBlockRows = 8;

__global__ void conflicting_tile_transpose(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile][kTile];
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];
  __syncthreads();
  col = blockIdx.y * kTile + threadIdx.x;
  row = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = tile[threadIdx.x][threadIdx.y + j];
}

}  // namespace

void baseline_transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  conflicting_tile_transpose<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
