// Lab 07 reference solution: the same half-precision tiled transpose with a pitch of 66 halves.
// A half is half a bank word, so the pad must be a whole word (2 halves): rows are then 33
// words apart and the column read spreads over all 32 banks. Nothing else changes.
#include "lab.h"

namespace {

constexpr int kTile = 64;          // 64 halves = 128 bytes: one tile row spans all 32 banks once
constexpr int kBlockRows = 8;      // 32 x 8 threads, so each thread moves 2 x 8 = 16 halves
constexpr int kPitch = kTile + 2;  // halves from one tile row to the next

__global__ void transpose_tiled(const __half* __restrict__ in, __half* __restrict__ out, int rows, int cols) {
  // One extra 32-bit word per row: tile[i][c] is in word 33 * i + c / 2, bank (i + c / 2) % 32,
  // so the 32 rows of a column read sit in 32 different banks.
  __shared__ __half tile[kTile][kPitch];

  // Read a tile of `in` row by row: a warp reads 64 consecutive halves (lanes x and x + 32),
  // 128 coalesced bytes, and writes them into one row of the tile.
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = row0 + threadIdx.y + j, c = col0 + threadIdx.x + k;
      if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x + k] = in[(size_t)r * cols + c];
    }

  __syncthreads();

  // Write the tile transposed: a warp writes 64 consecutive halves of `out` (coalesced) and
  // reads them from one column of the tile, lane x from rows x and x + 32: 1 wavefront each.
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = col0 + threadIdx.y + j, c = row0 + threadIdx.x + k;  // out is cols x rows
      if (r < cols && c < rows) out[(size_t)r * rows + c] = tile[threadIdx.x + k][threadIdx.y + j];
    }
}

}  // namespace

void transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(32, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
