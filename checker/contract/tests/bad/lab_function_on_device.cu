// lab: 04-padding
// as: transpose.cu
// lab.h's function defined __host__ __device__ is fine; defined __device__ only, its host
// body is nvcc's exit(1), which the checker would call.
// expect: transpose.cu references exit (ends the process)
#include "lab.h"

__device__ int transpose_tile_pitch() { return 33; }
