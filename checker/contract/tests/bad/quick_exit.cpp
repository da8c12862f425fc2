// lab: 08-occupancy
// as: occupancy.cpp
// _Exit skips every exit handler, the checker's report writer included.
// expect: occupancy.cpp references _Exit (ends the process)
#include <cstdlib>

#include "lab.h"

Candidate choose_candidate(const DeviceLimits&) { std::_Exit(0); }
