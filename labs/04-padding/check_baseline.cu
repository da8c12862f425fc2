// The checker's yardstick for lab 04: the starter's kernel as shipped (a 32 x 32 tile whose
// column read is a 32-way bank conflict), kept here because the student edits transpose.cu.
// Speedups are measured against this, in the same run, on the same GPU.
// Between each pair of baseline-copy markers stand transpose.cu's own lines, byte for byte but
// for the renames below (its comments and TODO included); checker/tests/run_baseline_copies.sh (the
// test course.baseline_copies) holds them to it.
// baseline-copy: source transpose.cu
// baseline-copy: rename transpose_tiled conflicting_tile_transpose
// baseline-copy: rename transpose baseline_transpose
#include "check_baseline.h"

namespace {

// baseline-copy: begin kernel
constexpr int kTile = 32;          // a block moves one 32 x 32 tile
constexpr int kBlockRows = 8;      // with 32 x 8 threads, so each thread moves 4 elements
constexpr int kTilePitch = kTile;  // floats from one tile row to the next  // TODO(lab 04): one number to change

__global__ void conflicting_tile_transpose(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  // Rows of the tile are 32 floats = 128 bytes apart, so tile[i][c] is in bank c for every i.
  __shared__ float tile[kTile][kTilePitch];

  // Read a tile of `in` row by row: a warp reads 32 consecutive floats (coalesced) and
  // writes one row of the tile (32 different banks).
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];

  __syncthreads();

  // Write the tile transposed: a warp writes 32 consecutive floats of `out` (coalesced) but
  // reads one COLUMN of the tile: 32 lanes, one bank, 32 wavefronts.
  col = blockIdx.y * kTile + threadIdx.x;  // column of `out` = row of `in`
  row = blockIdx.x * kTile + threadIdx.y;  // row of `out` = column of `in`
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = tile[threadIdx.x][threadIdx.y + j];
}
// baseline-copy: end kernel

}  // namespace

// baseline-copy: begin launch
void baseline_transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  conflicting_tile_transpose<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
// baseline-copy: end launch
