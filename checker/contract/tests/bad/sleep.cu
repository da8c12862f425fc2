// lab: 04-padding
// as: transpose.cu
// Sleeps: makes the baseline look slow, or waits for a GPU the checker is timing.
// expect: transpose.cu references usleep (time)
// expect: transpose.cu references nanosleep (time)
#include <ctime>

#include "lab.h"

extern "C" int usleep(unsigned int);

int transpose_tile_pitch() {
  timespec t{0, 1000};
  nanosleep(&t, nullptr);
  return usleep(10) + 33;
}
