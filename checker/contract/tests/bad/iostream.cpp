// lab: 02-bank-model
// as: bank_model.cpp
// <iostream> brings a static std::ios_base::Init object: a static constructor.
// expect: bank_model.cpp includes iostream (its static std::ios_base::Init object is a static constructor
// expect: bank_model.cpp has a static constructor
#include <iostream>

#include "lab.h"

int predicted_wavefronts(const WarpAccess&) {
  std::cout << "hello\n";
  return 1;
}
