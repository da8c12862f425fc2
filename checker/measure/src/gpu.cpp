#include "memlab/gpu.h"

#include <cuda_runtime.h>

#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "memlab/bilingual.h"

// The build's CMAKE_CUDA_ARCHITECTURES, from checker/measure/CMakeLists.txt.
#ifndef MEMLAB_CUDA_ARCHITECTURES
#define MEMLAB_CUDA_ARCHITECTURES ""
#endif

namespace memlab {

std::string missing_code_explanation(int cuda_error) {
  const auto e = static_cast<cudaError_t>(cuda_error);
  if (e != cudaErrorNoKernelImageForDevice && e != cudaErrorInvalidDeviceFunction &&
      e != cudaErrorUnsupportedPtxVersion)
    return "";
  int device = 0, major = 0, minor = 0;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess)
    major = minor = 0;
  return missing_code_message(major, minor, MEMLAB_CUDA_ARCHITECTURES, e == cudaErrorUnsupportedPtxVersion);
}

GpuLookup find_gpu() {
  GpuLookup result;
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorNoDevice || (status == cudaSuccess && count == 0)) {
    result.reason = bilingual("no CUDA GPU found on this machine", "这台机器上没有找到 CUDA GPU");
    return result;
  }
  if (status == cudaErrorInsufficientDriver) {
    result.reason = bilingual("no NVIDIA driver (or one too old for this CUDA runtime) is installed",
                              "没有安装 NVIDIA 驱动（或者驱动太旧，不支持这个 CUDA 运行时）");
    return result;
  }
  if (status != cudaSuccess) {
    result.reason = bilingual(
        fmt::format("the CUDA runtime cannot reach a GPU: {} ({})", cudaGetErrorName(status),
                    cudaGetErrorString(status)),
        fmt::format("CUDA 运行时无法访问 GPU：{}（{}）", cudaGetErrorName(status), cudaGetErrorString(status)));
    return result;
  }
  int index = 0;
  if (const char* pick = std::getenv("MEMLAB_DEVICE")) {
    char* end = nullptr;
    long v = std::strtol(pick, &end, 10);
    if (end == pick || *end != '\0' || v < 0 || v >= count) {
      result.reason = bilingual(fmt::format("MEMLAB_DEVICE={} is not a device index in 0..{}", pick, count - 1),
                                fmt::format("MEMLAB_DEVICE={} 不是 0..{} 中的设备编号", pick, count - 1));
      return result;
    }
    index = static_cast<int>(v);
  }
  cudaDeviceProp prop{};
  status = cudaGetDeviceProperties(&prop, index);
  if (status == cudaSuccess) status = cudaSetDevice(index);
  if (status == cudaSuccess) status = cudaFree(nullptr);  // create the context now: errors surface here
  if (status != cudaSuccess) {
    result.reason = bilingual(
        fmt::format("GPU {} is present but unusable: {} ({})", index, cudaGetErrorName(status),
                    cudaGetErrorString(status)),
        fmt::format("GPU {} 存在但无法使用：{}（{}）", index, cudaGetErrorName(status), cudaGetErrorString(status)));
    const std::string missing_code = missing_code_explanation(status);
    if (!missing_code.empty()) result.reason = join_bilingual({result.reason, ": ", missing_code});
    return result;
  }
  DeviceInfo info;
  info.index = index;
  info.name = prop.name;
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.sm_count = prop.multiProcessorCount;
  info.l2_bytes = static_cast<std::size_t>(prop.l2CacheSize);
  info.global_mem_bytes = prop.totalGlobalMem;
  info.shared_mem_per_sm = prop.sharedMemPerMultiprocessor;
  info.persisting_l2_max_bytes = static_cast<std::size_t>(prop.persistingL2CacheMaxSize);
  int clock_khz = 0;
  cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, index);
  info.max_sm_clock_khz = clock_khz;
  info.memory_bus_bits = prop.memoryBusWidth;
  int watchdog = 0;
  cudaDeviceGetAttribute(&watchdog, cudaDevAttrKernelExecTimeout, index);
  info.display_watchdog = watchdog != 0;
  info.pci_bus = prop.pciBusID;
  result.device = info;
  return result;
}

}  // namespace memlab
