#pragma once
// Finding the GPU (or the reason there is none) and its properties.
#include <cstddef>
#include <optional>
#include <string>

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
  int max_sm_clock_khz = 0;      // from the runtime; NVML gives the current clock
  int memory_bus_bits = 0;
  bool display_watchdog = false; // kernels on this GPU are killed after a few seconds
  int pci_bus = 0;
};

// The GPU the checks run on, or why there is none (no driver, no device, ...).
// Honours CUDA_VISIBLE_DEVICES; MEMLAB_DEVICE picks among the visible ones.
struct GpuLookup {
  std::optional<DeviceInfo> device;
  std::string reason;  // empty when a device was found
};
GpuLookup find_gpu();

}  // namespace memlab
