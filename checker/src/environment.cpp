#include "memlab/environment.h"

#include <cuda_runtime.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>

#include "nvml_probe.h"

namespace memlab {
namespace {

std::string pci_id(const DeviceInfo& d) {
  char buf[32] = {};
  if (cudaDeviceGetPCIBusId(buf, sizeof buf, d.index) != cudaSuccess) return "";
  return buf;
}

std::string version_text(int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); }

}  // namespace

Environment read_environment(const DeviceInfo& device) {
  Environment e;
  e.device = device;
  cudaDriverGetVersion(&e.cuda_driver_api);
  cudaRuntimeGetVersion(&e.cuda_runtime);
  nvml::Probe p = nvml::probe(pci_id(device));
  if (!p.available) {
    e.nvml_note = p.unavailable_reason + ": clocks and other processes are not checked";
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
    std::ostringstream f;
    f << "GPU busy: " << e.other_processes << " other process" << (e.other_processes > 1 ? "es" : "") << " (";
    for (std::size_t i = 0; i < e.other_process_names.size(); ++i) f << (i ? ", " : "") << e.other_process_names[i];
    f << ")";
    e.flags.push_back(f.str());
  }
  if (e.mig_enabled) e.flags.push_back("MIG is enabled: a GPU slice has a fraction of the memory bandwidth");
  if (nvml::throttled_now(pci_id(device))) e.flags.push_back("the GPU reports thermal or power-brake slowdown");
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
  std::ostringstream out;
  out << "GPU " << device.index << ": " << device.name << " (sm_" << device.cc_major << device.cc_minor << ", "
      << device.sm_count << " SMs, " << device.l2_bytes / (1024 * 1024) << " MB L2, "
      << device.global_mem_bytes / (1024ull * 1024 * 1024) << " GB)\n";
  out << "driver " << (driver_version.empty() ? "?" : driver_version) << ", CUDA driver API "
      << version_text(cuda_driver_api) << ", runtime " << version_text(cuda_runtime) << "\n";
  if (sm_clock_mhz >= 0) {
    out << "clocks now: SM " << sm_clock_mhz << " MHz (max " << sm_clock_max_mhz << "), memory " << mem_clock_mhz
        << " MHz; other processes on this GPU: " << other_processes << "\n";
  }
  if (!nvml_note.empty()) out << nvml_note << "\n";
  out << "MIG: " << (mig_enabled ? "on" : "off") << "; display watchdog: " << (device.display_watchdog ? "on" : "off");
  for (const auto& f : flags) out << "\nWARNING: " << f << " (performance verdicts become inconclusive)";
  return out.str();
}

std::string Environment::doubt() const {
  std::string d;
  for (const auto& f : flags) d += (d.empty() ? "" : "; ") + f;
  return d;
}

}  // namespace memlab
