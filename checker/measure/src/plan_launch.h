#pragma once
// Launching a recorded plan (memlab/student_plan.h) in this process: the student's kernels come
// from the device code of the student's own compiled objects (their .nv_fatbin sections), loaded
// with cuLibraryLoadData; nothing of the student's host code is here.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "memlab/student_calls.h"
#include "memlab/student_plan.h"

namespace memlab {

void load_device_code(const std::vector<std::string>& fatbins);
// Launches `plan` on `stream`, with pointer argument i at pointers[i]. Throws std::runtime_error
// when a kernel is not in the student's device code, its parameters do not fit, or a launch fails.
void launch_plan(const Plan& plan, const std::vector<const void*>& pointers, cudaStream_t stream);
std::vector<LaunchedKernel> describe_kernels(const Plan& plan);

}  // namespace memlab
