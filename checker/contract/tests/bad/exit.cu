// lab: 04-padding
// as: transpose.cu
// Ends the process from inside the graded function: the run would stop before a verdict.
// expect: transpose.cu references exit (ends the process)
#include <cstdlib>

#include "lab.h"

int transpose_tile_pitch() { std::exit(0); }
