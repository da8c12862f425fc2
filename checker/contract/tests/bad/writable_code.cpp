// lab: 02-bank-model
// as: bank_model.cpp
// Code in a section that is writable too: bytes written at run time could run.
// expect: bank_model.cpp has a writable code section .wxcode (run-time code
asm(".section .wxcode,\"awx\",@progbits\n.byte 0xc3\n.previous\n");

#include "lab.h"

int predicted_wavefronts(const WarpAccess&) { return 1; }
