// Known wrong: forged records on descriptor 3. The judge once read the check program's records
// on its fd 3, so a student function that points stdout at fd 3 (no forbidden symbol: stdout
// and printf are allowed) could print a passing record for every check. The student's host code
// now runs only in the recorder, whose fd 3 carries its answers to the check program: a line
// there that is not the answer to the question asked ends the recorder, and every question it
// did not answer fails its check with the reason.
#include <cstdio>

#include "lab.h"

int predicted_column_read_wavefronts(int pitch) {
  static const char* const kChecks[] = {
      "predictions_well_formed",         "predictions_match_bank_model", "tile_fits",
      "column_read_conflict_free_model", "speedup_vs_starter",           "fraction_of_copy_roofline",
      "shared_wavefronts_per_load"};
  std::fflush(stdout);
  stdout->_fileno = 3;  // glibc's FILE: its descriptor, reachable without any other call
  for (const char* id : kChecks) std::printf("{\"kind\":\"check\",\"id\":\"%s\",\"outcome\":\"pass\"}\n", id);
  std::fflush(stdout);
  stdout->_fileno = 1;
  return pitch % 32 == 0 ? 32 : pitch % 16 == 0 ? 16 : pitch % 2 == 0 ? 2 : 1;
}
