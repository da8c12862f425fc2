// Known-wrong (lab 07): the starter's [64][65] tile, 2-way conflict and all, with three
// conflict-free broadcast loads (every lane reads tile[0][0]) beside every column read. They
// change nothing in the output, but a ratio of wavefronts per load instruction falls from 2.05
// to (2.05 + 3) / 4 = 1.26, under a 1.3 bar: the conflict is diluted, not removed.
#include "lab.h"

namespace {

constexpr int kTile = 64;
constexpr int kBlockRows = 8;
constexpr int kPitch = kTile + 1;

// A shared load the compiler must issue (volatile) and whose value nobody uses.
__device__ __forceinline__ void broadcast_load(const __half* word) {
  (void)*reinterpret_cast<const volatile unsigned short*>(word);
}

__global__ void transpose_tiled(const __half* __restrict__ in, __half* __restrict__ out, int rows, int cols) {
  __shared__ __half tile[kTile][kPitch];
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = row0 + threadIdx.y + j, c = col0 + threadIdx.x + k;
      if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x + k] = in[(size_t)r * cols + c];
    }
  __syncthreads();
  for (int j = 0; j < kTile; j += kBlockRows)
    for (int k = 0; k < kTile; k += 32) {
      const int r = col0 + threadIdx.y + j, c = row0 + threadIdx.x + k;
      if (r < cols && c < rows) {
        broadcast_load(&tile[0][0]);
        broadcast_load(&tile[0][0]);
        broadcast_load(&tile[0][0]);
        out[(size_t)r * rows + c] = tile[threadIdx.x + k][threadIdx.y + j];
      }
    }
}

}  // namespace

void transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(32, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
