#pragma once
// The lab's student functions as the checker calls them: each one asks the grading's recorder
// (memlab/student_calls.h), so none of the student's host code runs in the check program.
#include "lab.h"

namespace student {
int predicted_blocks_per_sm(const KernelResources& k, const DeviceLimits& gpu);
Candidate choose_candidate(const DeviceLimits& gpu);
}  // namespace student
