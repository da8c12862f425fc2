// lab: 08-occupancy
// as: occupancy.cpp
// A system call with no function to name: exit_group(0) straight from inline assembly.
// expect: occupancy.cpp executes syscall in choose_candidate(DeviceLimits const&) (raw system call)
#include "lab.h"

Candidate choose_candidate(const DeviceLimits&) {
  long rc;
  asm volatile("syscall" : "=a"(rc) : "a"(231L), "D"(0L) : "rcx", "r11", "memory");
  return {rc ? Layout::padded : Layout::swizzled, 256};
}
