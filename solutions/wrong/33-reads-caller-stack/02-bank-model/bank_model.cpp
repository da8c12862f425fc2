// Known wrong: no bank model, only the caller's stack. In the check program, the checker kept
// the course model's answer for the pattern on its stack, a few words above this function's
// frame, across the call; a student function could read it back (no forbidden symbol, just a
// pointer walk) and return it. The student's host code now runs only in the recorder: the
// caller is the recorder's loop, whose stack holds no answer, and the guesses are wrong.
#include "lab.h"

int predicted_wavefronts(const WarpAccess& access) {
  // A word of the caller's frame that looks like an answer (1..32), else 1.
  volatile const int* frame = reinterpret_cast<volatile const int*>(__builtin_frame_address(0));
  for (int i = 4; i < 64; ++i)
    if (frame[i] >= 1 && frame[i] <= 32 && frame[i] != access.width_bytes) return frame[i];
  return 1;
}
