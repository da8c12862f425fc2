// lab: 02-bank-model
// as: bank_model.cpp
// An ifunc: the dynamic loader runs its resolver while the program loads, before main.
// expect: bank_model.cpp has a static constructor
// expect: (an ifunc: its resolver runs when the program is loaded)
#include "lab.h"

namespace {
int real(const WarpAccess&) { return 1; }
extern "C" void* pick() { return reinterpret_cast<void*>(&real); }
}  // namespace

int predicted_wavefronts(const WarpAccess&) __attribute__((ifunc("pick")));
