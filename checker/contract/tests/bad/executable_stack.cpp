// lab: 08-occupancy
// as: occupancy.cpp
// Asks the linker for an executable stack: code written to the stack could run.
// expect: occupancy.cpp asks for an executable stack (run-time code
asm(".section .note.GNU-stack,\"x\",@progbits\n.previous\n");

#include "lab.h"

Candidate choose_candidate(const DeviceLimits&) { return {Layout::padded, 256}; }
