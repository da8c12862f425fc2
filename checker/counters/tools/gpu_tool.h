// Shared by the GPU tools of this folder: skipping without a GPU, and turning
// a counters Result that is not ok into a message and an exit status.
#pragma once

#include "memlab/bilingual.h"
#include "memlab/counters.h"

#include <cuda_runtime_api.h>

#include <cstdio>
#include <string>

namespace memlab::counters::tools {

// ctest's skip code (SKIP_RETURN_CODE 77).
inline constexpr int kExitSkip = 77;

// "" when a CUDA GPU is usable, otherwise why not.
inline std::string why_no_gpu() {
  int count = 0;
  const cudaError_t rc = cudaGetDeviceCount(&count);
  if (rc != cudaSuccess) return std::string("no usable CUDA GPU (cudaGetDeviceCount: ") + cudaGetErrorName(rc) + ")";
  if (count == 0) return "no CUDA GPU found";
  return "";
}

// "NVIDIA H200 (sm_90)" for the current device.
inline std::string device_description() {
  int device = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess) return "?";
  return std::string(prop.name) + " (sm_" + std::to_string(prop.major) + std::to_string(prop.minor) + ")";
}

// For a Result that is not ok: print `program: why` on stderr and return the
// exit status: skip when counters are refused or unsupported, 1 on errors.
inline int exit_status_for(const Result& result, const char* program) {
  const bool skip = result.status == Status::not_permitted || result.status == Status::unsupported;
  std::fprintf(stderr, "%s: %s: %s: %s\n", program, skip ? "skipped" : "error", to_string(result.status),
               std::string(memlab::english_part(result.message)).c_str());  // the console is English
  return skip ? kExitSkip : 1;
}

}  // namespace memlab::counters::tools
