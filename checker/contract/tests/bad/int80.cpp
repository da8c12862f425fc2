// lab: 02-bank-model
// as: bank_model.cpp
// The 32-bit system call gate, from 64-bit code.
// expect: bank_model.cpp executes int $0x80 in predicted_wavefronts(WarpAccess const&) (raw system call)
#include "lab.h"

int predicted_wavefronts(const WarpAccess&) {
  int rc;
  asm volatile("int $0x80" : "=a"(rc) : "a"(20) : "memory");
  return rc;
}
