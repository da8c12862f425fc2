#pragma once
// The text form of a warp access used by `memlab-bank --batch` and the pattern corpus.
//
// Batch contract (stable; tests and tools rely on it):
//   input, one warp instruction a line:  WIDTH OP A0 A1 ... A31
//     WIDTH  access size in bytes: 1, 2, 4, 8 or 16
//     OP     ld or st
//     Ai     lane i's byte offset into shared memory (decimal, a multiple of WIDTH, below
//            228 KiB = 233472), or - for an inactive lane
//   Blank lines and lines starting with # are comments.
//   output, one line per input line, in order, so that output line N answers input line N:
//     a pattern line gets  WAVEFRONTS WAYS : the number of shared-memory wavefronts the
//       instruction takes, then its conflict degree (see bank_model.h). More fields may be
//       added later.
//     a blank or comment line is copied through unchanged;
//     a malformed line gets the comment "# error: why"; standard error gets "line N: why",
//       and the exit status is 1 once any line was malformed.
#include <iosfwd>
#include <string>
#include <string_view>

#include "memlab/bank_model.h"

namespace memlab::bank {

struct BatchLine {
  enum class Kind { skip, access, malformed };
  Kind kind = Kind::skip;
  WarpAccess access;  // valid when kind == access
  std::string error;  // why, when kind == malformed
};

BatchLine parse_batch_line(std::string_view line);
std::string format_batch_line(const WarpAccess& access);  // the inverse of parse_batch_line
std::string format_batch_answer(const AccessResult& result);

// Answers every line of `in` on `out`, line for line; reports malformed lines on `err` prefixed
// with `program`; returns the exit status (0, or 1 when a line was malformed).
int run_batch(std::istream& in, std::ostream& out, std::ostream& err, std::string_view program);

}  // namespace memlab::bank
