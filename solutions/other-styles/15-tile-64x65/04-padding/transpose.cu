// Honest (lab 04): a 64 x 64 tile padded to 65 floats per row, moved by 32 x 16 threads (eight
// elements each), as wider-tile transposes in public code are written. The banks see only the
// pitch: a warp reads 32 rows of one column, lane i in bank (65 i + c) % 32 = (i + c) % 32.
#include "lab.h"

namespace {

constexpr int kTile = 64;              // a block moves one 64 x 64 tile
constexpr int kBlockRows = 16;         // 32 x 16 threads
constexpr int kTilePitch = kTile + 1;  // 65 floats: odd, so a column spreads over all 32 banks

__global__ void transpose_64(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile * kTilePitch];  // 16.25 KiB
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  // A warp reads 32 consecutive floats of one row of `in` and writes them into one tile row.
  for (int j = threadIdx.y; j < kTile; j += kBlockRows)
    for (int k = threadIdx.x; k < kTile; k += 32) {
      const int r = row0 + j, c = col0 + k;
      if (r < rows && c < cols) tile[j * kTilePitch + k] = in[(size_t)r * cols + c];
    }
  __syncthreads();
  // A warp reads 32 rows of one tile column and writes 32 consecutive floats of `out`.
  for (int j = threadIdx.y; j < kTile; j += kBlockRows)
    for (int k = threadIdx.x; k < kTile; k += 32) {
      const int r = col0 + j, c = row0 + k;  // out is cols x rows
      if (r < cols && c < rows) out[(size_t)r * rows + c] = tile[k * kTilePitch + j];
    }
}

}  // namespace

int transpose_tile_pitch() { return kTilePitch; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  const dim3 block(32, kBlockRows);
  const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_64<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
