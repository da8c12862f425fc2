// lab: 02-bank-model
// as: bank_model.cpp
// A function-local static std::string: its destructor is registered to run at exit.
// expect: bank_model.cpp references __cxa_atexit (exit handler
#include <string>

#include "lab.h"

int predicted_wavefronts(const WarpAccess& a) {
  static const std::string name = "bank model of a long name that needs the heap";
  return static_cast<int>(name.size()) + a.width_bytes;
}
