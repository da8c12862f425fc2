// Known wrong: the reference kernel behind a guard left over from debugging, which aborts the
// process for matrices larger than 4096 x 4096 (the largest size the student tried). lab.h
// promises any size; the 8192 x 8192 timing run ends in abort(), so the timed checks fail.
#include <cstdio>
#include <cstdlib>

#include "lab.h"

namespace {

constexpr int kTile = 32;              // a block moves one 32 x 32 tile
constexpr int kBlockRows = 8;          // with 32 x 8 threads, so each thread moves 4 elements
constexpr int kTilePitch = kTile + 1;  // one float of padding per row: conflict-free column reads

__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile][kTilePitch];
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(row + j) * cols + col];
  __syncthreads();
  col = blockIdx.y * kTile + threadIdx.x;  // column of `out` = row of `in`
  row = blockIdx.x * kTile + threadIdx.y;  // row of `out` = column of `in`
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = tile[threadIdx.x][threadIdx.y + j];
}

}  // namespace

int transpose_tile_pitch() { return kTilePitch; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  if (rows > 4096 || cols > 4096) {  // "only tested up to 4096": lab.h allows far more
    std::fprintf(stderr, "transpose: %d x %d is larger than I support\n", rows, cols);
    std::abort();
  }
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
