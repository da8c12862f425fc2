#pragma once
// Lab 04, padding: the contract between your transpose.cu and the checker.
#include <cuda_runtime.h>

// out = transpose(in). `in` is rows x cols, `out` is cols x rows, both row-major with no gaps
// between rows: out[c * rows + r] == in[r * cols + c]. Any rows, cols >= 1 (rows up to 65535 * 32: one block row of the grid per 32 rows).
// Enqueue the work on `stream` and return; the checker waits and checks errors.
void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream);

// The row pitch, in floats, of the 32 x 32 shared tile your kernel uses. The checker feeds
// it to the bank model to predict the column read's wavefronts before any GPU runs.
int transpose_tile_pitch();
