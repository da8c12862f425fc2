#pragma once
// Every CUDA runtime call in the checker goes through MEMLAB_CUDA: a failure becomes a
// CudaError exception that names the call, so the grader reports it instead of crashing.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace memlab {

struct CudaError : std::runtime_error {
  cudaError_t code;
  CudaError(cudaError_t c, const std::string& what) : std::runtime_error(what), code(c) {}
  // Sticky errors (illegal address, trap, launch timeout) poison the context:
  // nothing else can run on the GPU in this process.
  bool sticky() const;
};

void throw_cuda_error(cudaError_t code, const char* call, const char* file, int line);

}  // namespace memlab

#define MEMLAB_CUDA(call)                                                                                     \
  do {                                                                                                        \
    cudaError_t memlab_status_ = (call);                                                                      \
    if (memlab_status_ != cudaSuccess) ::memlab::throw_cuda_error(memlab_status_, #call, __FILE__, __LINE__); \
  } while (0)
