// Known wrong: an explicit specialization of a std:: template that the checker instantiates.
// std::vector<double>::push_back, made inline so that it is a weak (COMDAT) definition the
// contract allows, once replaced the checker's own copy at link time: every timing sample the
// checker kept became 1 microsecond, and the starter's slow, conflicted tile (transpose.cu)
// looked fast. Only the recorder links the student's objects now; its copy of push_back changes
// nothing that is measured, and the kernel is graded for what it is.
//
// The predictions below are the reference solution's: the wavefronts of a warp reading one column of
// `float tile[32][pitch]`, by the bank rule. Lane i reads word pitch * i + c, in bank
// (pitch * i + c) % 32. The 32 words are all different, and a bank delivers one word per
// wavefront, so the warp takes as many wavefronts as its busiest bank has lanes.
#include <vector>

#include "lab.h"

template <>
inline void std::vector<double>::push_back(const double&) {
  emplace_back(1e-6);
}

namespace {
constexpr int kWarpSize = 32;
constexpr int kBanks = 32;
}  // namespace

int predicted_column_read_wavefronts(int pitch) {
  int lanes_in_bank[kBanks] = {};
  int wavefronts = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int bank = (pitch * lane) % kBanks;  // column 0; another column moves every lane alike
    if (++lanes_in_bank[bank] > wavefronts) wavefronts = lanes_in_bank[bank];
  }
  std::vector<double> used;  // one use, so that the compiler emits the specialization
  used.push_back(wavefronts);
  return wavefronts + static_cast<int>(used.size()) - 1;
}
