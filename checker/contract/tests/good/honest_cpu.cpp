// lab: 02-bank-model
// as: bank_model.cpp
// An honest CPU submission: std:: containers and algorithms, strings, exceptions, printf.
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "lab.h"

namespace {

std::string describe(const WarpAccess& a) {
  std::ostringstream s;
  s << a.width_bytes << " bytes, mask " << a.active_mask;
  return s.str();
}

}  // namespace

int predicted_wavefronts(const WarpAccess& access) {
  if (access.width_bytes <= 0) throw std::invalid_argument("width " + describe(access));
  std::map<int, std::set<unsigned>> words_in_bank;
  for (int lane = 0; lane < 32; ++lane)
    if ((access.active_mask >> lane) & 1u)
      words_in_bank[(access.byte_address[lane] / 4) % 32].insert(access.byte_address[lane] / 4);
  std::vector<std::size_t> counts;
  for (const auto& [bank, words] : words_in_bank) counts.push_back(words.size());
  if (counts.empty()) return 0;
  std::sort(counts.begin(), counts.end());
  if (counts.back() > 32) std::printf("odd: %s\n", describe(access).c_str());
  return static_cast<int>(counts.back());
}
