// Lab 07, CPU part, by sorting: a bank serves one distinct 32-bit WORD per wavefront, and a
// half is half a word (element e is word e / 2, bank (e / 2) % 32). List the (bank, word) pairs
// of the 32 lanes, sort them, drop repeats (lanes reading the same word, or the two halves of
// one word), and the wavefronts are the largest number of distinct words left in one bank.
#include <algorithm>
#include <array>
#include <utility>

#include "lab.h"

int predicted_wavefronts(const int half_index[32]) {
  std::array<std::pair<int, int>, 32> bank_word;
  for (int lane = 0; lane < 32; ++lane) {
    const int word = half_index[lane] / 2;
    bank_word[lane] = {word % 32, word};
  }
  std::sort(bank_word.begin(), bank_word.end());
  const auto distinct_end = std::unique(bank_word.begin(), bank_word.end());
  int wavefronts = 0;
  for (auto first = bank_word.begin(); first != distinct_end;) {
    auto last = first;
    while (last != distinct_end && last->first == first->first) ++last;
    wavefronts = std::max(wavefronts, static_cast<int>(last - first));
    first = last;
  }
  return wavefronts;
}
