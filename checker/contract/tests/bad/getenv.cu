// lab: 01-coalescing
// as: coalescing.cu
// Reads the checker's environment to learn how it runs.
// expect: coalescing.cu references getenv (environment)
#include <cstdlib>

#include "lab.h"

AlignedSplit aligned_split(const float*, std::size_t n) {
  return {std::getenv("MEMLAB_SUITE") != nullptr ? n : 0, 0, 0};
}
