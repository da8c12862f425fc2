#pragma once
// The lab's student function as the checker calls it: it asks the grading's recorder
// (memlab/student_calls.h), so none of the student's host code runs in the check program.
#include "lab.h"

namespace student {
int predicted_wavefronts(const WarpAccess& access);
}  // namespace student
