// Lab 05, an honest solution with a rotation ("diagonal" or skewed storage) instead of an XOR:
// row r of the tile is stored rotated by r words, element (r, c) at word 32r + (c + r) % 32.
// Each row is still a permutation of its own 32 words (no padding, 4096 bytes), a row warp
// still touches 32 banks (c + r for c = 0..31), and a column warp too (c + r for r = 0..31).
// The kernel follows NVIDIA's "efficient matrix transpose" blog post as written there:
// TILE_DIM 32, BLOCK_ROWS 8, each thread moves 4 elements, every global load stored to the
// tile in the same loop trip.
#include "lab.h"

__host__ __device__ int swizzle(int row, int col) { return row * 32 + ((col + row) & 31); }

// float4: a phase of 8 lanes needs 8 different 16-byte slots of a 128-byte line, that is,
// 8 different (slot % 8). Rotating by the row gives (c + r) % 8: different for 8 neighbouring
// columns of one row, and for 8 neighbouring rows of one column.
bool stretch_enabled() { return true; }
__host__ __device__ int swizzle16(int row, int col) { return row * 32 + ((col + row) & 31); }

namespace {

constexpr int TILE_DIM = 32;
constexpr int BLOCK_ROWS = 8;

template <class T>
struct Tile;  // how a tile of T is addressed
template <>
struct Tile<float> {
  __device__ static int at(int row, int col) { return swizzle(row, col); }
};
template <>
struct Tile<float4> {
  __device__ static int at(int row, int col) { return swizzle16(row, col); }
};

template <class T>
__global__ void transpose_rotated(T* __restrict__ odata, const T* __restrict__ idata, int rows, int cols) {
  __shared__ T tile[TILE_DIM * TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows)
      tile[Tile<T>::at(threadIdx.y + j, threadIdx.x)] = idata[static_cast<size_t>(y + j) * cols + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transposed block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < rows && y + j < cols)
      odata[static_cast<size_t>(y + j) * rows + x] = tile[Tile<T>::at(threadIdx.x, threadIdx.y + j)];
}

template <class T>
void launch(const T* in, T* out, int rows, int cols, cudaStream_t stream) {
  const dim3 dimGrid((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);
  const dim3 dimBlock(TILE_DIM, BLOCK_ROWS);
  transpose_rotated<T><<<dimGrid, dimBlock, 0, stream>>>(out, in, rows, cols);
}

}  // namespace

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  launch(in, out, rows, cols, stream);
}

void transpose16(const float4* in, float4* out, int rows, int cols, cudaStream_t stream) {
  launch(in, out, rows, cols, stream);
}
