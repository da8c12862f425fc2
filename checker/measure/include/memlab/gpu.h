#pragma once
// Finding the GPU (or the reason there is none) and its properties.
#include <cstddef>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "memlab/bilingual.h"

namespace memlab {

struct DeviceInfo {
  int index = 0;
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  std::size_t l2_bytes = 0;
  std::size_t global_mem_bytes = 0;
  std::size_t shared_mem_per_sm = 0;
  std::size_t persisting_l2_max_bytes = 0;
  int max_sm_clock_khz = 0;  // from the runtime; NVML gives the current clock
  int memory_bus_bits = 0;
  bool display_watchdog = false;  // kernels on this GPU are killed after a few seconds
  int pci_bus = 0;
};

// The GPU the checks run on, or why there is none (no driver, no device, ...).
// Honours CUDA_VISIBLE_DEVICES; MEMLAB_DEVICE picks among the visible ones.
struct GpuLookup {
  std::optional<DeviceInfo> device;
  std::string reason;  // empty when a device was found
};
GpuLookup find_gpu();

// What to say when the program has no code for the GPU it runs on: the GPU's compute capability
// and how to build for it. cc_major 0: the compute capability is not known. built_archs: the
// build's CMAKE_CUDA_ARCHITECTURES ("75-real;80-real;90", entries separated by ';', ',' or
// spaces), may be empty. ptx_too_new: the driver cannot compile the build's PTX (it is newer than
// the driver), rather than no code at all. Pure: no CUDA call, so a CPU test can call it.
inline std::string missing_code_message(int cc_major, int cc_minor, const std::string& built_archs,
                                        bool ptx_too_new = false) {
  std::string archs, entry;
  bool listed = false;  // the GPU's own architecture is in the list, as machine code
  const std::string own = std::to_string(cc_major * 10 + cc_minor);
  for (std::size_t i = 0; i <= built_archs.size(); ++i) {
    const char c = i < built_archs.size() ? built_archs[i] : ';';
    if (c != ';' && c != ',' && c != ' ') {
      entry += c;
      continue;
    }
    if (entry.empty()) continue;
    archs += (archs.empty() ? "" : ";") + entry;
    if (cc_major > 0 && (entry == own || entry == own + "-real")) listed = true;
    entry.clear();
  }
  // In English and Chinese (memlab/bilingual.h): the report says it in the reader's language.
  const std::string gpu = cc_major > 0 ? fmt::format("compute capability {}.{}, sm_{}", cc_major, cc_minor, own)
                                       : "its compute capability could not be read";
  const std::string gpu_zh =
      cc_major > 0 ? fmt::format("计算能力 {}.{}，sm_{}", cc_major, cc_minor, own) : "无法读取它的计算能力";
  const std::string built = archs.empty() ? "" : fmt::format("; this build has code for {}", archs);
  const std::string built_zh = archs.empty() ? "" : fmt::format("；这次构建包含 {} 的代码", archs);
  const std::string flag = fmt::format("-DCMAKE_CUDA_ARCHITECTURES={}",
                                       cc_major > 0 ? own : "<the GPU's compute capability without the dot>");
  const std::string flag_zh =
      fmt::format("-DCMAKE_CUDA_ARCHITECTURES={}", cc_major > 0 ? own : "<去掉小数点的 GPU 计算能力>");
  const char* detect = "or delete the build folder and configure again on this machine, so that CMake detects the GPU";
  const char* detect_zh = "或者删除构建文件夹，在这台机器上重新配置，让 CMake 检测到这块 GPU";
  if (ptx_too_new)
    return bilingual(
        fmt::format(
            "the NVIDIA driver is older than the CUDA Toolkit of this build and cannot compile its PTX for this GPU "
            "({}{}): install a newer driver, or configure again with {} so that the build has machine code for this "
            "GPU and needs no PTX, {}",
            gpu, built, flag, detect),
        fmt::format("NVIDIA 驱动比这次构建所用的 CUDA Toolkit 旧，无法为这块 GPU 编译构建中的 PTX（{}{}）："
                    "安装更新的驱动，或者用 {} 重新配置，让构建含有这块 GPU 的机器码、不再需要 PTX，{}",
                    gpu_zh, built_zh, flag_zh, detect_zh));
  if (listed)
    return bilingual(
        fmt::format(
            "a part of this program has no code for this GPU ({}{}): it was built with other architectures; delete "
            "the build folder and build again, or configure again with {}",
            gpu, built, flag),
        fmt::format(
            "这个程序有一部分没有这块 GPU 的代码（{}{}）：那一部分是为别的架构构建的；删除构建文件夹后重新构建，"
            "或者用 {} 重新配置",
            gpu_zh, built_zh, flag_zh));
  return bilingual(
      fmt::format("this build has no code for this GPU ({}{}): configure again with {}, {}", gpu, built, flag, detect),
      fmt::format("这次构建没有这块 GPU 的代码（{}{}）：用 {} 重新配置，{}", gpu_zh, built_zh, flag_zh, detect_zh));
}

// For a CUDA error (a cudaError_t) that means "no code for this GPU" (cudaErrorNoKernelImageForDevice,
// cudaErrorInvalidDeviceFunction, cudaErrorUnsupportedPtxVersion): missing_code_message() for the
// current GPU and this build's architectures. For any other error: "".
std::string missing_code_explanation(int cuda_error);

}  // namespace memlab
