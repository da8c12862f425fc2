// Known-wrong (lab 05): transpose() launches a decoy kernel with an unpadded 32 x 32 tile of static
// shared memory, then does the work with lab 04's padded tile in dynamic shared memory. The rest
// (swizzle(), the stretch) is the reference solution.
// The reference: the same transpose with an XOR-swizzled tile. Only the index
// functions change: XORing the row into the column keeps each row a permutation of its own
// 32 words and moves element (row, col) to bank col ^ row, so a column spreads over all 32
// banks. The tile stays exactly 32 x 32 (4096 bytes for floats).
#include "lab.h"

// CuTe-style Swizzle<B, M, S> on an offset: XOR the B bits at [M + S, M + S + B) into the B
// bits at [M, M + B). The low M bits (a unit that must stay whole) never move, and the high
// bits (which row) never change, so each row is permuted within itself.
template <int B, int M, int S>
struct Swizzle {
  static constexpr int kSourceBits = ((1 << B) - 1) << (M + S);
  __host__ __device__ static constexpr int apply(int offset) { return offset ^ ((offset & kSourceBits) >> S); }
};

// Floats: the row's 5 bits are XORed into the column's 5 bits, so column c of the tile lies in
// banks c ^ 0, c ^ 1, ..., c ^ 31: all 32 of them. This equals Swizzle<5, 0, 5>::apply(row * 32 + col)
// for row, col < 32, in fewer instructions: the compiler cannot know col < 32 and keeps the
// generic form's mask and shift. The H200's times of both: labs/05-swizzle/README.md, "How you write the swizzle".
__host__ __device__ int swizzle(int row, int col) { return row * 32 + (col ^ row); }

// float4: a 128-byte bank line holds 8 vectors, so only 3 row bits are needed: vector
// (row, col) goes to slot (col ^ row) % 8 of its line, and the 8 rows of one quarter-warp
// phase take 8 different slots. Equals row * 32 + (col ^ (row % 8)); in bytes, Swizzle<3, 4, 5>.
bool stretch_enabled() { return true; }
__host__ __device__ int swizzle16(int row, int col) { return Swizzle<3, 0, 5>::apply(row * 32 + col); }

namespace {

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

}  // namespace

// The decoy: one block that writes a 32 x 32 float tile of static shared memory (volatile, so
// the compiler keeps it) and nothing else. Its attributes say "4096 bytes, no padding".
__global__ void decoy_kernel() {
  volatile __shared__ float tile[32 * 32];
  for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x) tile[i] = 0.0f;
}

// The real work: lab 04's padded tile, [32][33] floats, in dynamic shared memory, where a check
// that reads only static attributes does not look.
__global__ void padded_transpose(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  extern __shared__ float padded[];  // 32 rows of 33 floats
  int col = blockIdx.x * 32 + threadIdx.x, row = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (col < cols && row + j < rows) padded[(threadIdx.y + j) * 33 + threadIdx.x] = in[(size_t)(row + j) * cols + col];
  __syncthreads();
  col = blockIdx.y * 32 + threadIdx.x;
  row = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (col < rows && row + j < cols) out[(size_t)(row + j) * rows + col] = padded[threadIdx.x * 33 + threadIdx.y + j];
}

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  decoy_kernel<<<1, 32, 0, stream>>>();
  dim3 block(32, 8), grid((cols + 31) / 32, (rows + 31) / 32);
  padded_transpose<<<grid, block, 32 * 33 * sizeof(float), stream>>>(in, out, rows, cols);
}

void transpose16(const float4* in, float4* out, int rows, int cols, cudaStream_t stream) {
  launch_transpose(in, out, rows, cols, stream);
}
