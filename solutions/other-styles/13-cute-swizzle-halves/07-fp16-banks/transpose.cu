// Lab 07, an honest solution with a swizzle instead of a pad, in the style of CuTe's
// Swizzle<B, M, S>: the tile is __half tile[64 * 64] (8 KiB, no spare word), and element
// (r, c) lives at Swizzle<5, 1, 5>(64r + c) = 64r + (c ^ 2 * (r % 32)). The XOR moves whole
// 32-bit words (bit 0, which half of the word, is never touched), so element (r, c) is in word
// 32r + ((c / 2) ^ (r % 32)), bank (c / 2) ^ (r % 32):
//   column read, lane x reading rows x and x + 32 of column c: banks (c / 2) ^ x, 32 different;
//   row write, lanes x of row r writing columns k + x: 16 words, two halves each, 16 banks.
// Everything else is the starter's kernel: 32 x 8 threads, 16 halves per thread, global loads
// issued before the shared stores and shared loads before the global stores.
#include "lab.h"

namespace {

template <int BBits, int MBase, int SShift>
struct Swizzle {
  static constexpr int yyy_mask = ((1 << BBits) - 1) << (MBase + SShift);
  __host__ __device__ constexpr int operator()(int offset) const { return offset ^ ((offset & yyy_mask) >> SShift); }
};

constexpr int kTile = 64;                           // 64 halves = 128 bytes: one tile row spans the 32 banks once
constexpr int kBlockRows = 8;                       // 32 x 8 threads
constexpr int kRowsPerThread = kTile / kBlockRows;  // 8
using TileSwizzle = Swizzle<5, 1, 5>;               // 5 row bits (offset bits 6..10) onto the word bits 1..5

__device__ __forceinline__ int tile_at(int row, int col) { return TileSwizzle{}(row * kTile + col); }

__global__ void transpose_swizzled(const __half* __restrict__ in, __half* __restrict__ out, int rows, int cols) {
  __shared__ __half tile[kTile * kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;

  __half v[kRowsPerThread][2];
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j)
#pragma unroll
    for (int k = 0; k < 2; ++k) {
      const int r = row0 + ty + kBlockRows * j, c = col0 + tx + 32 * k;
      if (r < rows && c < cols) v[j][k] = in[static_cast<size_t>(r) * cols + c];
    }
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j)
#pragma unroll
    for (int k = 0; k < 2; ++k) {
      const int r = row0 + ty + kBlockRows * j, c = col0 + tx + 32 * k;
      if (r < rows && c < cols) tile[tile_at(ty + kBlockRows * j, tx + 32 * k)] = v[j][k];
    }

  __syncthreads();

#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j)
#pragma unroll
    for (int k = 0; k < 2; ++k) {
      const int r = col0 + ty + kBlockRows * j, c = row0 + tx + 32 * k;  // out is cols x rows
      if (r < cols && c < rows) v[j][k] = tile[tile_at(tx + 32 * k, ty + kBlockRows * j)];
    }
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j)
#pragma unroll
    for (int k = 0; k < 2; ++k) {
      const int r = col0 + ty + kBlockRows * j, c = row0 + tx + 32 * k;
      if (r < cols && c < rows) out[static_cast<size_t>(r) * rows + c] = v[j][k];
    }
}

}  // namespace

void transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream) {
  const dim3 block(32, kBlockRows);
  const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_swizzled<<<grid, block, 0, stream>>>(in, out, rows, cols);
}
