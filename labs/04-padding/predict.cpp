// Lab 04 starter, predict first: before you change transpose.cu, predict how many wavefronts
// one warp takes to read a column of `float tile[32][pitch]` at four pitches (README.md,
// "Predict first"). The checker compares your answers with the course's bank model.
#include "lab.h"

int predicted_column_read_wavefronts(int pitch) {
  // TODO(lab 04, predict first): replace each placeholder 1 with your prediction. 1 means
  // "one wavefront, no bank conflict"; it is not the answer for most of these pitches.
  switch (pitch) {
    case 32: return 1;  // the starter's tile, float tile[32][32]
    case 33: return 1;
    case 34: return 1;
    case 48: return 1;
    default: return 0;  // the checker asks only the four pitches above
  }
}
