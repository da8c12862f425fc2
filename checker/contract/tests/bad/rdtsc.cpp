// lab: 02-bank-model
// as: bank_model.cpp
// Reads the processor's clock without calling anything.
// expect: bank_model.cpp executes rdtsc in predicted_wavefronts(WarpAccess const&) (time
// expect-zh: bank_model.cpp 在 predicted_wavefronts(WarpAccess const&) 中执行了 rdtsc（时间：
#include <x86intrin.h>

#include "lab.h"

int predicted_wavefronts(const WarpAccess&) { return static_cast<int>(__rdtsc() & 1); }
