// lab: 02-bank-model
// as: bank_model.cpp
// Calls into the checker it is linked with (its seed, its own bank model).
// expect: bank_model.cpp references memlab::seed() (checker internals)
#include "lab.h"

namespace memlab {
int seed();
}

int predicted_wavefronts(const WarpAccess&) { return memlab::seed(); }
