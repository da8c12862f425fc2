// lab: 04-padding
// as: transpose.cu
// A kernel with C linkage: its host symbol is a plain C name, here one of NVML's, which the
// checker's own NVML calls would then reach.
// expect: transpose.cu defines nvmlInit_v2 (a kernel with C linkage
#include "lab.h"

extern "C" __global__ void nvmlInit_v2() {}

int transpose_tile_pitch() { return 33; }
