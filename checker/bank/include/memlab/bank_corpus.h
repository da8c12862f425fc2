#pragma once
// The pattern corpus that validates the bank model against hardware counters.
//
// corpus/patterns.txt is corpus_text(): a few header comments, then for each pattern a line
// `# <name>` and the pattern in the batch format of bank_batch.h. It is generated, never
// edited by hand (memlab-bank-corpus generate; a test fails when the file is stale).
//
// corpus/h200_measured.txt, written from a GPU run, has the same lines, each pattern line
// followed by ` => N`, N being the shared-memory wavefronts the hardware counters measured
// for that one warp instruction:
//   # stride-w4-s2
//   4 ld 0 8 16 ... 248 => 2
// Lines starting with # and blank lines are ignored, and so is a `# ...` comment after N
// (memlab-bank-probe --details writes the raw counter ratios there).
#include <iosfwd>
#include <string>
#include <vector>

#include "memlab/bank_model.h"

namespace memlab::bank {

struct NamedAccess {
  std::string name;
  WarpAccess access;
};

// Deterministic; no two patterns share a batch line.
std::vector<NamedAccess> corpus_patterns();
std::string corpus_text();

struct MeasuredCheck {
  int lines_checked = 0;
  std::vector<std::string> problems;  // "line N (name): ..." for every mismatch or bad line
};

// Compares the model with every measured line.
MeasuredCheck check_measured(std::istream& in);

}  // namespace memlab::bank
