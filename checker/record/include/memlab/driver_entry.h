#pragma once
// The CUDA driver API without linking libcuda: a machine without an NVIDIA driver (CI, a laptop)
// has no libcuda.so.1, and a program linked to it would not even start there. The runtime hands
// out the driver's entry points at run time instead (CUDA 12.5+), each looked up once per use:
//   MEMLAB_DRIVER(cuLaunchKernel)(f, ...)
#include <cuda.h>
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "memlab/bilingual.h"

namespace memlab {

template <class Function>
Function driver_entry(const char* name) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaGetDriverEntryPointByVersion(name, &fn, CUDA_VERSION, cudaEnableDefault, &found) != cudaSuccess || !fn ||
      found != cudaDriverEntryPointSuccess) {
    const std::string version = std::to_string(CUDA_VERSION / 1000) + "." + std::to_string(CUDA_VERSION % 1000 / 10);
    throw std::runtime_error(
        bilingual(std::string("the CUDA driver has no ") + name + " (an NVIDIA driver for CUDA " + version +
                      " or newer is needed)",
                  std::string("CUDA 驱动没有 ") + name + "（需要支持 CUDA " + version + " 或更新版本的 NVIDIA 驱动）"));
  }
  return reinterpret_cast<Function>(fn);
}

}  // namespace memlab

// #name is not macro-expanded: the base name, which the lookup wants; decltype(&name) is the
// versioned function cuda.h maps it to, the one CUDA_VERSION asks for.
#define MEMLAB_DRIVER(name)                                                              \
  ([]() {                                                                                \
    static const auto memlab_driver_fn = ::memlab::driver_entry<decltype(&name)>(#name); \
    return memlab_driver_fn;                                                             \
  }())
