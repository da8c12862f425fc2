// lab: 08-occupancy
// as: occupancy.cpp
// Looks up any function of the process by name, around every other rule.
// expect: occupancy.cpp includes dlfcn.h (dynamic loader)
// expect: occupancy.cpp references dlsym (dynamic loader)
#include <dlfcn.h>

#include "lab.h"

int predicted_blocks_per_sm(const KernelResources&, const DeviceLimits&) {
  return dlsym(RTLD_DEFAULT, "cudaOccupancyMaxActiveBlocksPerMultiprocessor") != nullptr;
}
