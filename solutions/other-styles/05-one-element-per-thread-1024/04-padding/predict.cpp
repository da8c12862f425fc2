// Lab 04, predict first, as a formula: lane i reads word pitch * i + c, in bank
// (pitch * i + c) % 32. Lanes i and j share a bank when pitch * (i - j) is a multiple of 32,
// that is, when i - j is a multiple of 32 / gcd(pitch, 32): the 32 lanes fall into
// 32 / gcd(pitch, 32) banks, gcd(pitch, 32) different words in each. One wavefront per word of
// the busiest bank: 32 -> 32, 33 -> 1, 34 -> 2, 48 -> 16.
#include <numeric>

#include "lab.h"

int predicted_column_read_wavefronts(int pitch) { return std::gcd(pitch, 32); }
