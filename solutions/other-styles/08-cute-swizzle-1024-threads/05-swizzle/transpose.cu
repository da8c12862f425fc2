// Lab 05, an honest solution in the style of CuTe's layouts: the swizzle is a tiny functor,
// Swizzle<BBits, MBase, SShift>, applied to the row-major offset of an element, and each tile
// is "layout then swizzle". The kernel gives every element of the 32 x 32 tile its own thread
// (1024-thread blocks, one load and one store each) and syncs through cooperative groups.
#include <cooperative_groups.h>

#include "lab.h"

namespace cg = cooperative_groups;

namespace {

// XOR the BBits bits at [MBase + SShift, MBase + SShift + BBits) of an offset into the BBits
// bits at [MBase, MBase + BBits). Bits below MBase (a unit kept whole) and the row bits above
// are unchanged, so each row's offsets are permuted among themselves.
template <int BBits, int MBase, int SShift>
struct Swizzle {
  static_assert(BBits >= 0 && MBase >= 0 && SShift >= BBits, "the source and target bits must not overlap");
  static constexpr int yyy_mask = ((1 << BBits) - 1) << (MBase + SShift);
  __host__ __device__ constexpr int operator()(int offset) const { return offset ^ ((offset & yyy_mask) >> SShift); }
};

// A row-major 32 x 32 layout: (row, col) -> row * 32 + col.
__host__ __device__ constexpr int row_major_32x32(int row, int col) { return row * 32 + col; }

}  // namespace

// 32-bit words: 32 per 128-byte bank line, so XOR the row's 5 bits into the column's 5 bits.
__host__ __device__ int swizzle(int row, int col) { return Swizzle<5, 0, 5>{}(row_major_32x32(row, col)); }

// float4: 8 slots of 16 bytes per bank line, so only 3 row bits go into the column's low 3.
bool stretch_enabled() { return true; }
__host__ __device__ int swizzle16(int row, int col) { return Swizzle<3, 0, 5>{}(row_major_32x32(row, col)); }

namespace {

constexpr int kTile = 32;

template <class T>
__device__ int tile_offset(int row, int col);
template <>
__device__ int tile_offset<float>(int row, int col) {
  return swizzle(row, col);
}
template <>
__device__ int tile_offset<float4>(int row, int col) {
  return swizzle16(row, col);
}

template <class T>
__global__ void __launch_bounds__(kTile* kTile)
    transpose_swizzled(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  __shared__ T smem[kTile * kTile];
  const cg::thread_block cta = cg::this_thread_block();
  const dim3 t = cta.thread_index();  // (column in the tile, row in the tile)

  // gmem -> smem: a warp copies one row of the tile.
  const int r_in = blockIdx.y * kTile + t.y, c_in = blockIdx.x * kTile + t.x;
  if (r_in < rows && c_in < cols) smem[tile_offset<T>(t.y, t.x)] = in[static_cast<size_t>(r_in) * cols + c_in];
  cg::sync(cta);

  // smem -> gmem: a warp reads one column of the tile and writes one row of `out`.
  const int r_out = blockIdx.x * kTile + t.y, c_out = blockIdx.y * kTile + t.x;
  if (r_out < cols && c_out < rows) out[static_cast<size_t>(r_out) * rows + c_out] = smem[tile_offset<T>(t.x, t.y)];
}

template <class T>
void launch(const T* in, T* out, int rows, int cols, cudaStream_t stream) {
  const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_swizzled<T><<<grid, dim3(kTile, kTile), 0, stream>>>(in, out, rows, cols);
}

}  // namespace

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  launch(in, out, rows, cols, stream);
}

void transpose16(const float4* in, float4* out, int rows, int cols, cudaStream_t stream) {
  launch(in, out, rows, cols, stream);
}
