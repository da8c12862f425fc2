// Lab 04, an honest solution in the style of NVIDIA's "efficient matrix transpose" blog post
// (TILE_DIM 32, BLOCK_ROWS 8, each thread moves 4 elements, a tile padded to TILE_DIM + 1)
// combined with a grid-stride loop over tiles: a fixed grid of resident blocks, as many as fit
// on the GPU at once, and each block walks the tiles blockIdx.x, blockIdx.x + gridDim.x, ...
#include <algorithm>

#include "lab.h"

namespace {

constexpr int TILE_DIM = 32;
constexpr int BLOCK_ROWS = 8;
constexpr int TILE_PITCH = TILE_DIM + 1;

__global__ void transpose_persistent(const float* __restrict__ idata, float* __restrict__ odata, int rows, int cols,
                                     int tiles_x, long long tiles) {
  __shared__ float tile[TILE_DIM][TILE_PITCH];

  for (long long t = blockIdx.x; t < tiles; t += gridDim.x) {
    const int tile_row = static_cast<int>(t / tiles_x), tile_col = static_cast<int>(t % tiles_x);

    int x = tile_col * TILE_DIM + threadIdx.x;  // column of idata
    int y = tile_row * TILE_DIM + threadIdx.y;  // row of idata
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
      if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = idata[static_cast<size_t>(y + j) * cols + x];

    __syncthreads();

    x = tile_row * TILE_DIM + threadIdx.x;  // column of odata = row of idata
    y = tile_col * TILE_DIM + threadIdx.y;  // row of odata = column of idata
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
      if (x < rows && y + j < cols) odata[static_cast<size_t>(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];

    __syncthreads();  // the next tile overwrites this one
  }
}

// Blocks that are resident at once: SMs x blocks per SM for this kernel.
int resident_blocks() {
  static const int blocks = [] {
    int device = 0, sms = 0, per_sm = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_persistent, TILE_DIM * BLOCK_ROWS, 0);
    return std::max(1, sms * per_sm);
  }();
  return blocks;
}

}  // namespace

int transpose_tile_pitch() { return TILE_PITCH; }

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  const int tiles_x = (cols + TILE_DIM - 1) / TILE_DIM;
  const long long tiles = static_cast<long long>(tiles_x) * ((rows + TILE_DIM - 1) / TILE_DIM);
  const int grid = static_cast<int>(std::min<long long>(tiles, resident_blocks()));
  transpose_persistent<<<grid, dim3(TILE_DIM, BLOCK_ROWS), 0, stream>>>(in, out, rows, cols, tiles_x, tiles);
}
