#pragma once
// Calls one host launcher under CUDA stream capture and reads back what it asked for.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "memlab/student_plan.h"
#include "recorder.h"

namespace memlab::record {

// `alignments[i]`: the measurer's pointer argument i modulo 256, or null for a null pointer.
// Returns the plan, or throws std::runtime_error saying why there is none (work the capture
// refused, a failed launch, a memset outside the given buffers).
Plan capture_plan(const LauncherCall& call, const nlohmann::json& alignments, const nlohmann::json& scalars);

}  // namespace memlab::record
