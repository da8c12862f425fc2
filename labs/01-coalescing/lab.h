#pragma once
// Lab 01, coalescing: the contract between your coalescing.cu and the checker.
#include <cuda_runtime.h>

#include <cstddef>

// Part A. Scale a rows x cols window of a row-major matrix whose rows are `pitch` floats apart
// (pitch >= cols): out[r * pitch + c] = s * in[r * pitch + c] for every r < rows, c < cols.
// The pitch - cols floats after each row of `out` are not touched.
// 1 <= rows, cols <= 262144 (2^18). Enqueue the work on `stream` and return.
void scale_matrix(const float* in, float* out, int rows, int cols, int pitch, float s, cudaStream_t stream);

// Part B. out[i] = s * in[i] for i < n (n may be 0). `in` and `out` are float pointers that need
// not start on a 16-byte boundary, and need not sit at the same distance from one; they do not
// overlap. Enqueue the work on `stream` and return.
void scale_array(const float* in, float* out, std::size_t n, float s, cudaStream_t stream);

// How n floats starting at p split around 16-byte boundaries, so that the middle part can be
// moved as float4:
//   head = min(n, floats from p up to the next 16-byte boundary)    (0..3; 0 when p is on one)
//   body = (n - head) / 4   float4 groups, starting at p + head
//   tail = (n - head) % 4   floats after the body                   (0..3)
// so head + 4 * body + tail == n, and p + head is 16-byte aligned whenever body > 0.
struct AlignedSplit {
  std::size_t head, body, tail;
};
// Host function, in coalescing.cu; the cpu checks test it for every misalignment and many n.
AlignedSplit aligned_split(const float* p, std::size_t n);
