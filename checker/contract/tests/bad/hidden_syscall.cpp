// lab: 08-occupancy
// as: occupancy.cpp
// Hides a syscall inside the operand of a mov, and jumps into the middle of it: a linear
// disassembly shows only `mov $0x90900f05,%eax`.
// expect: occupancy.cpp jumps into the middle of an instruction in choose_candidate(DeviceLimits const&) (code hidden
// from the disassembly)
#include "lab.h"

Candidate choose_candidate(const DeviceLimits&) {
  asm volatile("jmp 1f + 1\n1: .byte 0xb8, 0x0f, 0x05, 0x90, 0x90\n" ::: "rax", "rcx", "r11", "memory");
  return {Layout::swizzled, 256};
}
