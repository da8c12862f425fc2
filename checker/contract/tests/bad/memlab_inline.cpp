// lab: 02-bank-model
// as: bank_model.cpp
// An inline definition of a checker function: the linker may keep this copy for everyone.
// expect: bank_model.cpp defines memlab::seed() (only what lab.h declares may have external linkage
#include "lab.h"

namespace memlab {
inline int seed() { return 4; }
}  // namespace memlab

int predicted_wavefronts(const WarpAccess&) { return memlab::seed(); }
