#include "memlab/environment.h"

#include <cuda_runtime.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "nvml_probe.h"
#include "memlab/bilingual.h"

namespace memlab {
namespace {

std::string pci_id(const DeviceInfo& d) {
  char buf[32] = {};
  if (cudaDeviceGetPCIBusId(buf, sizeof buf, d.index) != cudaSuccess) return "";
  return buf;
}

std::string version_text(int v) { return fmt::format("{}.{}", v / 1000, v % 1000 / 10); }

}  // namespace

Environment read_environment(const DeviceInfo& device) {
  Environment e;
  e.device = device;
  cudaDriverGetVersion(&e.cuda_driver_api);
  cudaRuntimeGetVersion(&e.cuda_runtime);
  nvml::Probe p = nvml::probe(pci_id(device));
  if (!p.available) {
    e.nvml_note = join_bilingual({p.unavailable_reason, bilingual(": clocks and other processes are not checked",
                                                                  "：时钟频率和其他进程都没有检查")});
  } else {
    e.driver_version = p.driver_version;
    e.sm_clock_mhz = p.sm_clock_mhz;
    e.sm_clock_max_mhz = p.sm_clock_max_mhz;
    e.mem_clock_mhz = p.mem_clock_mhz;
    e.mig_enabled = p.mig_enabled;
    if (p.process_list_known) {
      // Our own context is listed too. Inside a container NVML reports host PIDs, so when our
      // PID is absent one entry is taken to be us.
      auto self = std::find(p.compute_pids.begin(), p.compute_pids.end(), static_cast<unsigned>(getpid()));
      if (self != p.compute_pids.end()) {
        p.compute_pids.erase(self);
      } else if (!p.compute_pids.empty()) {
        p.compute_pids.erase(p.compute_pids.begin());
      }
      e.other_processes = static_cast<int>(p.compute_pids.size());
      for (unsigned pid : p.compute_pids) e.other_process_names.push_back(nvml::process_name(pid));
    }
  }
  if (e.other_processes > 0) {
    e.flags.push_back(bilingual(
        fmt::format("GPU busy: {} other process{} ({})", e.other_processes, e.other_processes > 1 ? "es" : "",
                    fmt::join(e.other_process_names, ", ")),
        fmt::format("GPU 正忙：另有 {} 个进程（{}）", e.other_processes, fmt::join(e.other_process_names, "、"))));
  }
  if (e.mig_enabled)
    e.flags.push_back(bilingual("MIG is enabled: a GPU slice has a fraction of the memory bandwidth",
                                "MIG 已启用：一个 GPU 切片只有一部分内存带宽"));
  if (nvml::throttled_now(pci_id(device)))
    e.flags.push_back(bilingual("the GPU reports thermal or power-brake slowdown", "GPU 报告它因温度或功耗限制而降频"));
  return e;
}

bool sm_clock_throttled_now() {
  static const std::string id = [] {
    int dev = 0;
    char buf[32] = {};
    cudaGetDevice(&dev);
    return cudaDeviceGetPCIBusId(buf, sizeof buf, dev) == cudaSuccess ? std::string(buf) : std::string();
  }();
  return !id.empty() && nvml::throttled_now(id);
}

std::string Environment::summary() const {
  const std::size_t l2_mib = device.l2_bytes / (1024 * 1024);
  const std::size_t memory_gib = device.global_mem_bytes / (1024ull * 1024 * 1024);
  std::string out = fmt::format("GPU {}: {} (sm_{}{}, {} SMs, {} MiB L2, {} GiB)\n", device.index, device.name,
                                device.cc_major, device.cc_minor, device.sm_count, l2_mib, memory_gib);
  std::string zh = fmt::format("GPU {}：{}（sm_{}{}，{} 个 SM，{} MiB L2，{} GiB）\n", device.index, device.name,
                               device.cc_major, device.cc_minor, device.sm_count, l2_mib, memory_gib);
  const std::string driver = driver_version.empty() ? "?" : driver_version;
  out += fmt::format("driver {}, CUDA driver API {}, runtime {}\n", driver, version_text(cuda_driver_api),
                     version_text(cuda_runtime));
  zh += fmt::format("驱动 {}，CUDA 驱动 API {}，运行时 {}\n", driver, version_text(cuda_driver_api),
                    version_text(cuda_runtime));
  if (sm_clock_mhz >= 0) {
    out += fmt::format("clocks now: SM {} MHz (max {}), memory {} MHz; other processes on this GPU: {}\n", sm_clock_mhz,
                       sm_clock_max_mhz, mem_clock_mhz, other_processes);
    zh += fmt::format("当前时钟频率：SM {} MHz（最高 {}），内存 {} MHz；这块 GPU 上的其他进程：{}\n", sm_clock_mhz,
                      sm_clock_max_mhz, mem_clock_mhz, other_processes);
  }
  if (!nvml_note.empty()) {
    out += std::string(english_part(nvml_note)) + "\n";
    zh += std::string(chinese_part(nvml_note)) + "\n";
  }
  out +=
      fmt::format("MIG: {}; display watchdog: {}", mig_enabled ? "on" : "off", device.display_watchdog ? "on" : "off");
  zh += fmt::format("MIG：{}；显示看门狗：{}", mig_enabled ? "开" : "关", device.display_watchdog ? "开" : "关");
  for (const auto& f : flags) {
    out += fmt::format("\nWARNING: {} (performance verdicts become inconclusive)", english_part(f));
    zh += fmt::format("\n警告：{}（性能检查项的判定都会是无法判定）", chinese_part(f));
  }
  return bilingual(out, zh);
}

std::string Environment::doubt() const {
  std::string d;
  for (const auto& f : flags) d = d.empty() ? f : join_bilingual({d, bilingual("; ", "；"), f});
  return d;
}

}  // namespace memlab
