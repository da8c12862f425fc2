// Lab 05 starter: the lab 04 transpose with its 32 x 32 tile addressed through swizzle().
// The starter's swizzle() is plain row-major order, so the column read is a 32-way bank
// conflict. Your task: rewrite swizzle() so that rows AND columns of the tile spread over all
// 32 banks, without a single extra word of shared memory (see README.md). The kernel below
// needs no change.
#include "lab.h"

// baseline-copy: begin swizzle (check_baseline.cu keeps a copy: the checker's yardstick)
// Word of element (row, col): row-major. Every row starts at a multiple of 32 words, so
// element (row, col) is in bank col whatever the row: a column sits in one bank.
__host__ __device__ int swizzle(int row, int col) { return row * 32 + col; }
// baseline-copy: end swizzle

// Stretch (see README.md): the same for a tile of float4; return true from stretch_enabled()
// to have it graded.
bool stretch_enabled() { return false; }
// baseline-copy: begin swizzle16 (check_baseline.cu keeps a copy: the checker's yardstick)
__host__ __device__ int swizzle16(int row, int col) { return row * 32 + col; }
// baseline-copy: end swizzle16

namespace {

// baseline-copy: begin kernel (check_baseline.cu keeps a copy: the checker's yardstick)
constexpr int kTile = 32;      // a block moves one 32 x 32 tile
constexpr int kBlockRows = 8;  // with 32 x 8 threads, so each thread moves 4 elements

// The tile of floats is addressed by swizzle(), the tile of float4 by swizzle16().
template <class T>
__device__ int tile_index(int row, int col);
template <>
__device__ int tile_index<float>(int row, int col) {
  return swizzle(row, col);
}
template <>
__device__ int tile_index<float4>(int row, int col) {
  return swizzle16(row, col);
}

template <class T>
__global__ void transpose_tiled(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  __shared__ T tile[kTile * kTile];  // exactly one tile: no padding

  // Read a tile of `in` row by row: a warp reads 32 consecutive elements (coalesced) and
  // writes ROW threadIdx.y + j of the tile. All four global loads are issued before the first
  // shared store, so they are in flight together however long swizzle() takes to compute.
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  T v[kTile / kBlockRows] = {};
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) v[j / kBlockRows] = in[(size_t)(row + j) * cols + col];
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < cols && row + j < rows) tile[tile_index<T>(threadIdx.y + j, threadIdx.x)] = v[j / kBlockRows];

  __syncthreads();

  // Write the tile transposed: a warp reads COLUMN threadIdx.y + j of the tile and writes 32
  // consecutive elements of `out` (coalesced). Again all shared loads come first.
  col = blockIdx.y * kTile + threadIdx.x;  // column of `out` = row of `in`
  row = blockIdx.x * kTile + threadIdx.y;  // row of `out` = column of `in`
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) v[j / kBlockRows] = tile[tile_index<T>(threadIdx.x, threadIdx.y + j)];
  for (int j = 0; j < kTile; j += kBlockRows)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = v[j / kBlockRows];
}

template <class T>
void launch_transpose(const T* in, T* out, int rows, int cols, cudaStream_t stream) {
  dim3 block(kTile, kBlockRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_tiled<T><<<grid, block, 0, stream>>>(in, out, rows, cols);
}
// baseline-copy: end kernel

}  // namespace

// baseline-copy: begin launch (check_baseline.cu keeps a copy: the checker's yardstick)
void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  launch_transpose(in, out, rows, cols, stream);
}
// baseline-copy: end launch

void transpose16(const float4* in, float4* out, int rows, int cols, cudaStream_t stream) {
  launch_transpose(in, out, rows, cols, stream);
}
