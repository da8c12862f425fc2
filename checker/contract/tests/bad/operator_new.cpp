// lab: 08-occupancy
// as: occupancy.cpp
// Replaces the program's allocator, the checker's included.
// expect: occupancy.cpp defines operator new(unsigned long) (only what lab.h declares may have external linkage
#include <cstdlib>
#include <new>

#include "lab.h"

void* operator new(std::size_t n) { return std::malloc(n); }

Candidate choose_candidate(const DeviceLimits&) { return {Layout::padded, 256}; }
