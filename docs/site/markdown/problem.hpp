// A finding of a check, printed as "file:line: message" so editors can jump to it.
#pragma once

#include <string>
#include <vector>

namespace memlab::site {

struct Problem {
  std::string file;  // repository-relative
  int line = 0;      // 1-based; 0 when the finding concerns the whole file
  std::string message;
};

using Problems = std::vector<Problem>;

inline std::string to_string(const Problem& p) {
  return p.file + (p.line > 0 ? ":" + std::to_string(p.line) : std::string()) + ": " + p.message;
}

}  // namespace memlab::site
