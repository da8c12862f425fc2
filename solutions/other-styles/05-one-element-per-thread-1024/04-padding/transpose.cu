// Lab 04, an honest solution in the style of introductory CUDA courses (the OLCF CUDA training
// series, the CUDA samples' first tiled transpose): one thread per tile element, so the block is
// the whole 32 x 32 tile (1024 threads), and cooperative groups name the block barrier. The tile
// is padded by one float per row, as in the reference.
#include <cooperative_groups.h>

#include "lab.h"

namespace cg = cooperative_groups;

namespace {

constexpr int TILE_DIM = 32;
constexpr int TILE_PITCH = TILE_DIM + 1;  // one float of padding: tile[i][c] in bank (i + c) % 32

__global__ void __launch_bounds__(TILE_DIM* TILE_DIM)
    transpose_one_per_thread(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[TILE_DIM][TILE_PITCH];
  cg::thread_block block = cg::this_thread_block();
  const int tx = threadIdx.x, ty = threadIdx.y;

  // Load: thread (tx, ty) reads in[row0 + ty][col0 + tx]; a warp is one row of the tile.
  const int in_row = blockIdx.y * TILE_DIM + ty;
  const int in_col = blockIdx.x * TILE_DIM + tx;
  if (in_row < rows && in_col < cols) tile[ty][tx] = in[static_cast<size_t>(in_row) * cols + in_col];

  block.sync();

  // Store: thread (tx, ty) writes out[col0 + ty][row0 + tx] = tile[tx][ty]; a warp reads one
  // column of the tile, 33 words apart: 32 banks.
  const int out_row = blockIdx.x * TILE_DIM + ty;  // a column of `in`
  const int out_col = blockIdx.y * TILE_DIM + tx;  // a row of `in`
  if (out_row < cols && out_col < rows) out[static_cast<size_t>(out_row) * rows + out_col] = tile[tx][ty];
}

}  // namespace

int transpose_tile_pitch() { return TILE_PITCH; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  const dim3 threads(TILE_DIM, TILE_DIM);
  const dim3 blocks((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);
  transpose_one_per_thread<<<blocks, threads, 0, stream>>>(in, out, rows, cols);
}
