#pragma once
// Lab 07, FP16 banks: the contract between your files (predict.cpp, transpose.cu) and the checker.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// ---- CPU part (predict.cpp) --------------------------------------------------------------
// One warp instruction of 2-byte shared-memory loads: lane i loads the element
// half_index[i] of `__shared__ __half s[]`, an array that starts on a 128-byte boundary.
// All 32 lanes take part; every index is in 0 .. 114687 (the first 224 KiB of shared memory).
// Return how many shared-memory wavefronts (passes through the 32 banks) the instruction
// takes on sm_80 and later. The checker compares your answer with the course's bank model.
int predicted_wavefronts(const int half_index[32]);

// ---- GPU part (transpose.cu) -------------------------------------------------------------
// out = transpose(in) for half-precision matrices. `in` is rows x cols, `out` is cols x rows,
// both row-major with no gaps between rows: out[c * rows + r] == in[r * cols + c], bit for bit
// (the data is moved, never converted: any 16-bit pattern must arrive unchanged).
// Any rows, cols >= 1 (rows up to 65535 * 64: one block row per 64 rows of `in`).
// Enqueue the work on `stream` and return; the checker waits and checks errors.
void transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream);
