// Known wrong: includes the course checker's bank model by a relative path, to reuse its word and
// bank helpers for the 2-byte rule. Submissions compile in a folder of their own that reaches only
// lab.h (the path does not resolve there), and course headers are off the contract: 0 points.
#include "../../../../checker/bank/include/memlab/bank_model.h"

#include "lab.h"

int predicted_wavefronts(const int half_index[32]) {
  // Element e is bytes 2e..2e+1, in the word memlab::bank::word_of(2e).
  unsigned words_in_bank[memlab::bank::kBankCount][memlab::bank::kWarpSize];
  int count[memlab::bank::kBankCount] = {};
  int wavefronts = 0;
  for (int lane = 0; lane < memlab::bank::kWarpSize; ++lane) {
    const unsigned word = memlab::bank::word_of(2u * static_cast<unsigned>(half_index[lane]));
    const int bank = memlab::bank::bank_of_word(word);
    bool seen = false;
    for (int i = 0; i < count[bank]; ++i) seen = seen || words_in_bank[bank][i] == word;
    if (!seen) words_in_bank[bank][count[bank]++] = word;
    if (count[bank] > wavefronts) wavefronts = count[bank];
  }
  return wavefronts;
}
