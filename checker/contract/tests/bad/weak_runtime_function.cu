// lab: 04-padding
// as: transpose.cu
// A weak definition of a CUDA runtime function: a static link would keep it.
// expect: transpose.cu defines cudaStreamSynchronize (only what lab.h declares may have external linkage
#include "lab.h"

__attribute__((weak)) cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }

int transpose_tile_pitch() { return 33; }
