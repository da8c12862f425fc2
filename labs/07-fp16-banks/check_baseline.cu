// The checker's yardstick for lab 07: the starter's kernel as shipped (a 64 x 64 tile of halves
// padded to 65, whose column read takes 2 wavefronts), kept here because the student edits
// transpose.cu. Speedups are measured against this, in the same run, on the same GPU.
// Between each pair of baseline-copy markers stand transpose.cu's own lines, byte for byte but
// for the renames below (its comments included); checker/tests/run_baseline_copies.sh (the test
// course.baseline_copies) holds them to it.
// baseline-copy: source transpose.cu
// baseline-copy: rename transpose_tiled half_padded_tile_transpose
// baseline-copy: rename transpose baseline_transpose
#include "check_baseline.h"

namespace {

// baseline-copy: begin kernel
constexpr int kTile = 64;          // 64 halves = 128 bytes: one tile row spans all 32 banks once
constexpr int kBlockRows = 8;      // 32 x 8 threads, so each thread moves 2 x 8 = 16 halves
constexpr int kPitch = kTile + 1;  // halves from one tile row to the next

__global__ void half_padded_tile_transpose(const __half* __restrict__ in, __half* __restrict__ out, int rows,
                                           int cols) {
  // One extra half per row, as one extra float fixes a float tile. But a half is only half a
  // bank: rows i and i+1 now start 32.5 words apart, so rows 2k and 2k+1 land in one bank.
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
  // reads them from one COLUMN of the tile, lane x from rows x and x + 32: 2 wavefronts each.
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = col0 + threadIdx.y + j, c = row0 + threadIdx.x + k;  // out is cols x rows
      if (r < cols && c < rows) out[(size_t)r * rows + c] = tile[threadIdx.x + k][threadIdx.y + j];
    }
}
// baseline-copy: end kernel

}  // namespace

// baseline-copy: begin launch
void baseline_transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(32, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  half_padded_tile_transpose<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
// baseline-copy: end launch
