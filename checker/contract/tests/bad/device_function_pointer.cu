// lab: 04-padding
// as: transpose.cu
// nvcc compiles a __device__ function for the host as a call to exit(1); host code that
// takes its address and calls it ends the process.
// expect: transpose.cu references exit (ends the process)
#include "lab.h"

namespace {
__device__ int device_pitch() { return 33; }
}  // namespace

int transpose_tile_pitch() {
  auto f = &device_pitch;
  return f();
}
