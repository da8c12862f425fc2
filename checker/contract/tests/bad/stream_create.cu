// lab: 04-padding
// as: transpose.cu
// Launches on a stream of its own instead of the checker's: the timed stream stays empty.
// expect: transpose.cu references cudaStreamCreateWithFlags (CUDA streams
namespace {
__global__ void copy(const float* in, float* out) { out[threadIdx.x] = in[threadIdx.x]; }
}  // namespace

#include "lab.h"

void transpose(const float* in, float* out, int, int, cudaStream_t) {
  cudaStream_t mine;
  cudaStreamCreateWithFlags(&mine, cudaStreamNonBlocking);
  copy<<<1, 32, 0, mine>>>(in, out);
}
