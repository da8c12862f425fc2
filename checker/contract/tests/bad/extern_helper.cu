// lab: 04-padding
// as: transpose.cu
// A helper with external linkage: it could stand in for a checker function of the same name.
// expect: transpose.cu defines pitch_for(int) (only what lab.h declares may have external linkage
// expect-zh: transpose.cu 定义了 pitch_for(int)（只有 lab.h 所声明的名字才可以有外部链接
#include "lab.h"

int pitch_for(int tile) { return tile + 1; }

int transpose_tile_pitch() { return pitch_for(32); }
