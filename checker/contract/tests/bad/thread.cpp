// lab: 02-bank-model
// as: bank_model.cpp
// Starts a thread that outlives the call.
// expect: bank_model.cpp includes thread (threads)
// expect: (threads)
#include <thread>

#include "lab.h"

int predicted_wavefronts(const WarpAccess&) {
  std::thread([] {}).detach();
  return 1;
}
