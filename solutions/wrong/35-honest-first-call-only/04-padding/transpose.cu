// Known wrong: honest on the first call only. The first call for each size launches the
// starter's tiled transpose (correct, with 32-way conflicts); every later call launches a plain
// copy, which is as fast as the copy roofline but is not a transpose. The checks of the output
// see first calls, the timed loops see later ones. A launcher's plan is now recorded once per
// distinct call, in the recorder, and the check program launches that plan every time: the
// kernel it times and counts is the honest, conflicted one.
#include "lab.h"

namespace {

constexpr int kTile = 32;          // a block moves one 32 x 32 tile
constexpr int kBlockRows = 8;      // with 32 x 8 threads, so each thread moves 4 elements
constexpr int kTilePitch = kTile;  // no padding: a column of the tile is one bank

__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
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

__global__ void copy_only(const float* __restrict__ in, float* __restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    out[i] = in[i];
}

// The sizes already transposed once (a few: the checker asks for a handful).
int seen_rows[64], seen_cols[64], seen = 0;

bool first_call(int rows, int cols) {
  for (int i = 0; i < seen; ++i)
    if (seen_rows[i] == rows && seen_cols[i] == cols) return false;
  if (seen < 64) {
    seen_rows[seen] = rows;
    seen_cols[seen] = cols;
    ++seen;
  }
  return true;
}

}  // namespace

int transpose_tile_pitch() { return kTilePitch; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  if (!first_call(rows, cols)) {
    copy_only<<<1024, 256, 0, stream>>>(in, out, (size_t)rows * cols);
    return;
  }
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
