// lab: 04-padding
// as: transpose.cu
// Replaces the CUDA runtime's timer: every kernel would take a microsecond.
// expect: transpose.cu defines cudaEventElapsedTime (only what lab.h declares may have external linkage
#include "lab.h"

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t, cudaEvent_t) {
  *ms = 0.001f;
  return cudaSuccess;
}

int transpose_tile_pitch() { return 33; }
