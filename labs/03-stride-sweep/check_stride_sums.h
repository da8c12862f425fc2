#pragma once
// Running one of lab 03's kernels at each stride and comparing its sums: the exactness checks of
// the check program, and the course's own test of the given mixed kernel (checker/tests/labs/).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <memlab/buffers.h>

#include "check_sweep.h"

// Runs `launch` at each stride and compares the sums with `expected`, which is called just before
// the launch (so it may draw the launch's inputs); the first problem (in English and Chinese), or "".
std::string first_wrong_stride(const std::string& name, const StrideLaunch& launch, memlab::DeviceArray<unsigned>& sums,
                               const std::vector<int>& strides,
                               const std::function<std::vector<std::uint32_t>(int)>& expected);
