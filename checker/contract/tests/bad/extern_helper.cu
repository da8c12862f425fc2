// lab: 04-padding
// as: transpose.cu
// A helper with external linkage: it could stand in for a checker function of the same name.
// expect: transpose.cu defines pitch_for(int) (only what lab.h declares may have external linkage
#include "lab.h"

int pitch_for(int tile) { return tile + 1; }

int transpose_tile_pitch() { return pitch_for(32); }
