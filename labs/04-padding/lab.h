#pragma once
// Lab 04, padding: the contract between your files (predict.cpp, transpose.cu) and the checker.
#include <cuda_runtime.h>

// ---- Predict first (predict.cpp) ---------------------------------------------------------
// One warp reads one column of a shared tile of floats: lane i (i = 0..31) loads tile[i][c] of
// `__shared__ float tile[32][pitch]`, that is, the float at index i * pitch + c of an array that
// starts on a 128-byte boundary. `pitch` is the row pitch in floats: 32, 33, 34 or 48.
// Every column c costs the same: moving to the next column moves every lane one bank on.
// Return how many shared-memory wavefronts (passes through the 32 banks) that one warp
// instruction takes. The checker asks all four pitches and compares your answers with the
// course's bank model. Work them out by hand before you change transpose.cu.
int predicted_column_read_wavefronts(int pitch);

// ---- Your kernel (transpose.cu) ----------------------------------------------------------

// out = transpose(in). `in` is rows x cols, `out` is cols x rows, both row-major with no gaps
// between rows: out[c * rows + r] == in[r * cols + c]. Any rows, cols >= 1 (rows up to 65535 * 32: one block row of the
// grid per 32 rows). Enqueue the work on `stream` and return; the checker waits and checks errors.
void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream);

// The row pitch, in floats, of the shared tile your kernel uses (32 x 32 in the starter; a
// 64 x 64 tile works the same: a warp reads 32 rows of one column, and the banks see only the
// pitch). The checker feeds it to the bank model to predict the column read's wavefronts before
// any GPU runs.
int transpose_tile_pitch();
