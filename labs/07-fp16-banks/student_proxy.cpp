#include "student_proxy.h"

#include <memlab/student_calls.h>

namespace student {

int predicted_wavefronts(const int half_index[32]) {
  return memlab::ask<int>("predicted_wavefronts", memlab::args(std::vector<int>(half_index, half_index + 32)));
}

void transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream) {
  memlab::replay("transpose", stream, {in, out}, memlab::args(rows, cols));
}

}  // namespace student
