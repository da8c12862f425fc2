#include "student_proxy.h"

#include <memlab/student_calls.h>

#include <map>
#include <string>
#include <tuple>

namespace student {

void transpose(const float* in, float* out, int rows, int cols, cudaStream_t stream) {
  memlab::replay("transpose", stream, {in, out}, memlab::args(rows, cols));
}

namespace {

// The tile models call these for every element of a tile, many times: each answer is kept here
// after the first question.
int remembered(const char* function, int row, int col) {
  static std::map<std::tuple<std::string, int, int>, int> known;
  const auto key = std::make_tuple(std::string(function), row, col);
  if (auto it = known.find(key); it != known.end()) return it->second;
  return known[key] = memlab::ask<int>(function, memlab::args(row, col));
}

}  // namespace

int swizzle(int row, int col) { return remembered("swizzle", row, col); }

bool stretch_enabled() { return memlab::ask<bool>("stretch_enabled", memlab::args()); }

int swizzle16(int row, int col) { return remembered("swizzle16", row, col); }

void transpose16(const float4* in, float4* out, int rows, int cols, cudaStream_t stream) {
  memlab::replay("transpose16", stream, {in, out}, memlab::args(rows, cols));
}

}  // namespace student
