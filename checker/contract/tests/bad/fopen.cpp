// lab: 02-bank-model
// as: bank_model.cpp
// Reads a file (the checker's expected answers, say).
// expect: bank_model.cpp references fopen (files)
#include <cstdio>

#include "lab.h"

int predicted_wavefronts(const WarpAccess&) {
  std::FILE* f = std::fopen("/tmp/answers.txt", "r");
  return f != nullptr ? 1 : 2;
}
