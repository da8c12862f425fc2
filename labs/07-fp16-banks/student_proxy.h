#pragma once
// The lab's student functions as the checker calls them: each one asks the grading's recorder
// (memlab/student_calls.h), so none of the student's host code runs in the check program.
#include "lab.h"

namespace student {
int predicted_wavefronts(const int half_index[32]);
void transpose(const __half* in, __half* out, int rows, int cols, cudaStream_t stream);
}  // namespace student
