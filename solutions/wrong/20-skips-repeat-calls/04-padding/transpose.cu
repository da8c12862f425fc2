// Known wrong: the reference kernel, memoized: a call with the same buffers and sizes as the
// previous one enqueues nothing, on the theory that out already holds the answer. Timed samples
// change the input first, and an empty interval is below the physical floor: the timed checks fail.
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

struct Call {
  const float* in = nullptr;
  float* out = nullptr;
  int rows = 0, cols = 0;
};
Call g_last;

}  // namespace

int transpose_tile_pitch() { return kTilePitch; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  const bool repeat = in == g_last.in && out == g_last.out && rows == g_last.rows && cols == g_last.cols;
  g_last = {in, out, rows, cols};
  if (repeat) return;  // "nothing changed": but the checker changes the input before each sample
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
