// Known-wrong (lab 07): the starter's [64][65] tile with its 2-way conflict moved from the loads
// into the stores. Each element is written into the tile by column (tile[c][r]) and read back by
// row, so the column reads the old check counted are conflict-free, while every row write of the
// warp now lands two lanes in one bank. The same conflict, the same speed, on the other side.
#include "lab.h"

namespace {

constexpr int kTile = 64;
constexpr int kBlockRows = 8;
constexpr int kPitch = kTile + 1;  // the starter's pitch: rows 2k and 2k+1 share a bank

__global__ void transpose_tiled(const __half* __restrict__ in, __half* __restrict__ out, int rows, int cols) {
  __shared__ __half tile[kTile][kPitch];
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  // Coalesced reads of `in`, written down a COLUMN of the tile: lane x into row x + k (2 ways).
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = row0 + threadIdx.y + j, c = col0 + threadIdx.x + k;
      if (r < rows && c < cols) tile[threadIdx.x + k][threadIdx.y + j] = in[(size_t)r * cols + c];
    }
  __syncthreads();
  // The tile already holds the transpose: read it by rows (conflict-free), write `out` coalesced.
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = col0 + threadIdx.y + j, c = row0 + threadIdx.x + k;  // out is cols x rows
      if (r < cols && c < rows) out[(size_t)r * rows + c] = tile[threadIdx.y + j][threadIdx.x + k];
    }
}

}  // namespace

void transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(32, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
