// lab: 08-occupancy
// as: occupancy.cpp
// Times things on its own clock.
// expect: occupancy.cpp includes chrono (time)
// expect: occupancy.cpp references std::chrono::_V2::steady_clock::now() (time)
#include <chrono>

#include "lab.h"

Candidate choose_candidate(const DeviceLimits&) {
  const auto t = std::chrono::steady_clock::now().time_since_epoch().count();
  return {t % 2 ? Layout::padded : Layout::swizzled, 256};
}
