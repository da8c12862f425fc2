// lab: 04-padding
// as: transpose.cu
// Registers an exit handler (nvcc's own atexit call, from its registration code, is allowed).
// expect: transpose.cu references atexit (exit handler
// expect-zh: transpose.cu 引用了 atexit（退出处理函数：
#include <cstdlib>

#include "lab.h"

namespace {
void at_the_end() {}
}  // namespace

int transpose_tile_pitch() { return std::atexit(at_the_end) + 33; }
