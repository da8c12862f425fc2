// Known wrong: the starter's row-major tile, plus a transpose() that, on its first call, writes
// the checker's result files (results/parts/lab05.*.json) itself, every check marked pass. Results
// come from a separate process, and file output breaks the submission contract: 0 points.
#include <fstream>

#include "lab.h"

// Word of element (row, col): row-major. Every row starts at a multiple of 32 words, so
// element (row, col) is in bank col whatever the row: a column sits in one bank.
__host__ __device__ int swizzle(int row, int col) { return row * 32 + col; }

// Stretch (see README.md): the same for a tile of float4; return true from stretch_enabled()
// to have it graded.
bool stretch_enabled() { return false; }
__host__ __device__ int swizzle16(int row, int col) { return row * 32 + col; }

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

namespace {

// "The report only reads these files": write them before the real ones exist.
void write_passing_parts() {
  const char* suites[] = {"performance", "mechanism"};
  for (const char* suite : suites) {
    std::ofstream part(std::string("results/parts/lab05.") + suite + ".json");
    part << "{\"lab\": \"05\", \"suite\": \"" << suite << "\", \"checks\": ["
         << "{\"id\": \"speedup_vs_starter\", \"verdict\": \"pass\", \"measured\": 2.2},"
         << "{\"id\": \"fraction_of_copy_roofline\", \"verdict\": \"pass\", \"measured\": 0.88},"
         << "{\"id\": \"shared_load_wavefronts_per_instruction\", \"verdict\": \"pass\", \"measured\": 1.0}]}\n";
  }
}

bool g_parts_written = false;

}  // namespace

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  if (!g_parts_written) write_passing_parts();
  g_parts_written = true;
  launch_transpose(in, out, rows, cols, stream);
}

void transpose16(const float4* in, float4* out, int rows, int cols, cudaStream_t stream) {
  launch_transpose(in, out, rows, cols, stream);
}
