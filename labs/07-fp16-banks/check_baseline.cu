// The checker's yardstick for lab 07: the starter's kernel exactly as shipped (a 64 x 64 tile
// of halves padded to 65, whose column read takes 2 wavefronts), kept here because the student
// edits transpose.cu. Speedups are measured against this, in the same run, on the same GPU.
#include "check_baseline.h"

namespace {

constexpr int kTile = 64;
constexpr int kBlockRows = 8;
constexpr int kPitch = kTile + 1;

__global__ void half_padded_tile_transpose(const __half* __restrict__ in, __half* __restrict__ out, int rows,
                                           int cols) {
  __shared__ __half tile[kTile][kPitch];
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = row0 + threadIdx.y + j, c = col0 + threadIdx.x + k;
      if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x + k] = in[(size_t)r * cols + c];
    }
  __syncthreads();
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = col0 + threadIdx.y + j, c = row0 + threadIdx.x + k;
      if (r < cols && c < rows) out[(size_t)r * rows + c] = tile[threadIdx.x + k][threadIdx.y + j];
    }
}

}  // namespace

void baseline_transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(32, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  half_padded_tile_transpose<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
