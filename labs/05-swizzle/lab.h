#pragma once
// Lab 05, swizzle: the contract between your transpose.cu and the checker.
#include <cuda_runtime.h>

// out = transpose(in). `in` is rows x cols, `out` is cols x rows, both row-major with no gaps
// between rows: out[c * rows + r] == in[r * cols + c]. Any rows, cols >= 1 (rows up to 65535 * 32:
// one block row per 32 rows of `in`).
// Enqueue the work on `stream` and return; the checker waits and checks errors.
// The kernel keeps one 32 x 32 tile of floats in STATIC shared memory (no dynamic shared
// memory in the launch) and addresses it only through swizzle() below.
void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream);

// Where the element (row, col) of a 32 x 32 tile of floats is kept: an index into
// `__shared__ float tile[32 * 32]`, 4096 bytes with no word to spare. row and col are 0..31.
// The checker proves on the CPU that each row of the tile is a permutation of its own 32
// words (row r -> words 32r .. 32r+31), and, through the course's bank model, that a warp
// writing a row and a warp reading a column of the tile are both conflict-free.
// Define it in transpose.cu (not inline): the checker calls it on the CPU.
__host__ __device__ int swizzle(int row, int col);

// ---- Stretch: a tile of 16-byte vectors ----------------------------------------------
// Return true once you want the stretch graded; while it returns false its checks are
// skipped (they cost nothing and block nothing).
bool stretch_enabled();

// The same for a 32 x 32 tile of float4 (16 bytes each, 16384 bytes in all): the index of
// the vector (row, col) in `__shared__ float4 tile[32 * 32]`. row and col are 0..31.
// Proved like swizzle(), with 16-byte accesses in the bank model.
__host__ __device__ int swizzle16(int row, int col);

// out = transpose(in) for a rows x cols matrix of float4, with the same layout rules as
// transpose() and its tile addressed through swizzle16().
void transpose16(const float4* in, float4* out, int rows, int cols, cudaStream_t stream);
