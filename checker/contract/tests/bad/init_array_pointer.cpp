// lab: 08-occupancy
// as: occupancy.cpp
// A function pointer placed in .init_array by hand: the loader calls it before main.
// expect: occupancy.cpp has a static constructor
// expect: early(
#include <cstdlib>

#include "lab.h"

namespace {
void early() { std::abort(); }
__attribute__((used, section(".init_array"))) void (*const run_early)() = early;
}  // namespace

Candidate choose_candidate(const DeviceLimits&) { return {Layout::padded, 256}; }
