// lab: 05-swizzle
// as: transpose.cu
// CUDA runtime calls outside the lab's list, one per class.
// expect: transpose.cu references cudaMalloc (CUDA memory allocation)
// expect: transpose.cu references cudaEventRecord (CUDA events: the checker does the timing)
// expect: transpose.cu references cudaLaunchHostFunc (CUDA host callbacks)
// expect: transpose.cu references cudaGetDriverEntryPoint (driver API)
// expect: transpose.cu references cudaDeviceReset (CUDA device control)
// expect: transpose.cu references cudaGraphCreate (CUDA graphs)
#include "lab.h"

namespace {
void noop(void*) {}
}  // namespace

bool stretch_enabled() {
  void* p = nullptr;
  cudaMalloc(&p, 16);
  cudaEventRecord(nullptr, nullptr);
  cudaLaunchHostFunc(nullptr, noop, nullptr);
  void* entry = nullptr;
  cudaGetDriverEntryPoint("cuLaunchKernel", &entry, cudaEnableDefault, nullptr);
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaDeviceReset();
  return false;
}
