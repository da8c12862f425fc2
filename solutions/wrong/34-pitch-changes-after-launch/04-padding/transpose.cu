// Known wrong: a declared pitch that changes once the kernel has run. The tile is the starter's
// (32 floats a row: 32-way conflicts), but transpose_tile_pitch() says 33 until transpose() was
// called and 32 after. Each suite once ran in its own process with the student's code, so the
// cpu suite proved pitch 33 conflict-free and the mechanism suite, after the launches, found
// the counters agreeing with pitch 32. Each question is now asked once per grading, of the
// recorder, and every suite gets that answer (33): the counters disagree with it.
#include "lab.h"

namespace {

constexpr int kTile = 32;          // a block moves one 32 x 32 tile
constexpr int kBlockRows = 8;      // with 32 x 8 threads, so each thread moves 4 elements
constexpr int kTilePitch = kTile;  // no padding: a column of the tile is one bank

__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  // Rows are 32 floats apart: tile[i][c] is in bank c for every i.
  __shared__ float tile[kTile][kTilePitch];

  // Read a tile of `in` row by row: a warp reads 32 consecutive floats (coalesced) and
  // writes one row of the tile (32 different banks).
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];

  __syncthreads();

  // Write the tile transposed: a warp writes 32 consecutive floats of `out` (coalesced) but
  // reads one column of the tile: 32 lanes in one bank, 32 wavefronts.
  col = blockIdx.y * kTile + threadIdx.x;  // column of `out` = row of `in`
  row = blockIdx.x * kTile + threadIdx.y;  // row of `out` = column of `in`
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = tile[threadIdx.x][threadIdx.y + j];
}

bool launched = false;

}  // namespace

int transpose_tile_pitch() { return launched ? kTilePitch : kTilePitch + 1; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
  launched = true;
}
