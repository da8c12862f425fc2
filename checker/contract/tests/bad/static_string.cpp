// lab: 08-occupancy
// as: occupancy.cpp
// A global std::string is built before main and destroyed at exit (through __cxa_atexit).
// expect: occupancy.cpp has a static constructor
// expect: a static std::string
// expect: occupancy.cpp references __cxa_atexit (exit handler
#include <string>

#include "lab.h"

static std::string best_layout = "swizzled";

Candidate choose_candidate(const DeviceLimits&) {
  return {best_layout.size() > 3 ? Layout::swizzled : Layout::padded, 256};
}
