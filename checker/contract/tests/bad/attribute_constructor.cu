// lab: 04-padding
// as: transpose.cu
// Runs before main: nvcc's own registration constructor is allowed, this one is not.
// expect: transpose.cu has a static constructor early()
#include <cstdio>

#include "lab.h"

__attribute__((constructor)) static void early() { std::puts("before main"); }

int transpose_tile_pitch() { return 33; }
