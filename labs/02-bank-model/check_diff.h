#pragma once
// A readable account of a pattern on which the student's model and the course's disagree.
#include <string>

#include "check_patterns.h"

namespace lab02 {

// Several lines: what the warp does, every lane's address with its word and bank, the
// course's model phase by phase with the bank that holds the most distinct words, expected
// against got, and a command line for the memlab-bank tool at `tool` that reproduces the
// model's answer.
std::string mismatch_report(const Pattern& pattern, int expected, int got, const std::string& tool);

}  // namespace lab02
