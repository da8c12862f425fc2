#include "memlab/launch.h"

#include <cstdio>
#include <cstdlib>
#include <thread>

#include "memlab/cuda_check.h"

namespace memlab {
namespace {

std::string explain(cudaError_t e) {
  switch (e) {
    case cudaErrorInvalidConfiguration:
      return "the launch configuration is invalid (more than 1024 threads per block, a zero-sized grid, or "
             "more shared memory than a block may have)";
    case cudaErrorLaunchOutOfResources:
      return "the block needs more registers than the SM has for it: use fewer threads per block or "
             "__launch_bounds__";
    case cudaErrorIllegalAddress:
      return "the kernel read or wrote an address outside every allocation: an index went out of bounds "
             "(the last, partial tile?)";
    case cudaErrorMisalignedAddress:
      return "a load or store used an address not aligned to its size (a float4 access needs 16-byte "
             "alignment)";
    case cudaErrorInvalidDeviceFunction:
      return "the kernel has no code for this GPU: reconfigure so that CMAKE_CUDA_ARCHITECTURES includes it";
    default:
      return cudaGetErrorString(e);
  }
}

}  // namespace

std::chrono::seconds launch_timeout() {
  if (const char* v = std::getenv("MEMLAB_LAUNCH_TIMEOUT")) {
    long s = std::strtol(v, nullptr, 10);
    if (s > 0) return std::chrono::seconds(s);
  }
  return std::chrono::seconds(30);
}

void run_checked(const std::string& what, const Launch& launch) {
  MEMLAB_CUDA(cudaDeviceSynchronize());
  cudaGetLastError();  // start from a clean slate
  cudaEvent_t done = nullptr;
  MEMLAB_CUDA(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
  launch(0);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    cudaEventDestroy(done);
    throw LaunchFailure(what + ": the launch failed: " + cudaGetErrorName(e) + ": " + explain(e));
  }
  MEMLAB_CUDA(cudaEventRecord(done, 0));
  // Poll instead of blocking, so a kernel that never finishes is reported, not waited on forever.
  const auto deadline = std::chrono::steady_clock::now() + launch_timeout();
  while ((e = cudaEventQuery(done)) == cudaErrorNotReady) {
    if (std::chrono::steady_clock::now() > deadline) {
      std::fprintf(stderr,
                   "\nFATAL: %s did not finish within %lld s: the kernel probably hangs (a __syncthreads() that "
                   "not every thread reaches, or a loop that never ends). Exiting; the GPU is released when "
                   "this process ends.\n",
                   what.c_str(), static_cast<long long>(launch_timeout().count()));
      std::fflush(stderr);
      std::_Exit(3);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  cudaEventDestroy(done);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    throw CudaError(e, what + ": the kernel failed: " + cudaGetErrorName(e) + ": " + explain(e));
  }
}

}  // namespace memlab
