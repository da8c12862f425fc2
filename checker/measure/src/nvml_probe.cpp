#include "nvml_probe.h"
#include "memlab/bilingual.h"

#include <dlfcn.h>

#include <mutex>

#include <fmt/format.h>

namespace memlab::nvml {
namespace {

using Device = void*;
using Ret = int;        // nvmlReturn_t; 0 is NVML_SUCCESS
struct ProcessInfoV3 {  // nvmlProcessInfo_t (v2/v3 layout)
  unsigned pid;
  unsigned long long used_gpu_memory;
  unsigned gpu_instance_id, compute_instance_id;
};
constexpr unsigned kClockSm = 1, kClockMem = 2;
// nvmlClocksEventReason*: hardware slowdown, software/hardware thermal slowdown, power brake.
// Software power capping (0x4) is ordinary boost behaviour and is not counted as throttling.
constexpr unsigned long long kThrottleMask = 0x8ull | 0x20ull | 0x40ull | 0x80ull;

struct Library {
  void* handle = nullptr;
  std::string error;
  Ret (*init)() = nullptr;
  Ret (*by_pci)(const char*, Device*) = nullptr;
  Ret (*driver_version)(char*, unsigned) = nullptr;
  Ret (*clock)(Device, unsigned, unsigned*) = nullptr;
  Ret (*max_clock)(Device, unsigned, unsigned*) = nullptr;
  Ret (*mig_mode)(Device, unsigned*, unsigned*) = nullptr;
  Ret (*processes)(Device, unsigned*, ProcessInfoV3*) = nullptr;
  Ret (*reasons)(Device, unsigned long long*) = nullptr;
  Ret (*name_of)(unsigned, char*, unsigned) = nullptr;
};

template <class F>
void bind(void* h, F& f, const char* name) {
  f = reinterpret_cast<F>(dlsym(h, name));
}

Library& library() {
  static Library lib;
  static std::once_flag once;
  std::call_once(once, [] {
    lib.handle = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib.handle) {
      lib.error = bilingual("NVML (libnvidia-ml.so.1) is not available", "NVML（libnvidia-ml.so.1）不可用");
      return;
    }
    bind(lib.handle, lib.init, "nvmlInit_v2");
    bind(lib.handle, lib.by_pci, "nvmlDeviceGetHandleByPciBusId_v2");
    bind(lib.handle, lib.driver_version, "nvmlSystemGetDriverVersion");
    bind(lib.handle, lib.clock, "nvmlDeviceGetClockInfo");
    bind(lib.handle, lib.max_clock, "nvmlDeviceGetMaxClockInfo");
    bind(lib.handle, lib.mig_mode, "nvmlDeviceGetMigMode");
    bind(lib.handle, lib.processes, "nvmlDeviceGetComputeRunningProcesses_v3");
    bind(lib.handle, lib.reasons, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!lib.reasons) bind(lib.handle, lib.reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
    bind(lib.handle, lib.name_of, "nvmlSystemGetProcessName");
    if (!lib.init || !lib.by_pci || lib.init() != 0) {
      lib.error = bilingual("NVML is present but could not be initialized", "NVML 存在，但无法初始化");
      lib.init = nullptr;
    }
  });
  return lib;
}

bool device(const std::string& pci, Device* d) {
  Library& lib = library();
  return lib.init && lib.by_pci(pci.c_str(), d) == 0;
}

}  // namespace

Probe probe(const std::string& pci_bus_id) {
  Probe p;
  Library& lib = library();
  Device d = nullptr;
  if (!device(pci_bus_id, &d)) {
    p.unavailable_reason = lib.error.empty()
                               ? bilingual("NVML does not know GPU " + pci_bus_id, "NVML 不认识 GPU " + pci_bus_id)
                               : lib.error;
    return p;
  }
  p.available = true;
  char version[96] = {};
  if (lib.driver_version && lib.driver_version(version, sizeof version) == 0) p.driver_version = version;
  unsigned v = 0;
  if (lib.clock && lib.clock(d, kClockSm, &v) == 0) p.sm_clock_mhz = static_cast<int>(v);
  if (lib.max_clock && lib.max_clock(d, kClockSm, &v) == 0) p.sm_clock_max_mhz = static_cast<int>(v);
  if (lib.clock && lib.clock(d, kClockMem, &v) == 0) p.mem_clock_mhz = static_cast<int>(v);
  unsigned current = 0, pending = 0;
  if (lib.mig_mode && lib.mig_mode(d, &current, &pending) == 0) p.mig_enabled = current != 0;
  if (lib.processes) {
    ProcessInfoV3 infos[64];
    unsigned count = 64;
    if (lib.processes(d, &count, infos) == 0) {
      p.process_list_known = true;
      for (unsigned i = 0; i < count; ++i) p.compute_pids.push_back(infos[i].pid);
    }
  }
  return p;
}

bool throttled_now(const std::string& pci_bus_id) {
  Library& lib = library();
  Device d = nullptr;
  unsigned long long reasons = 0;
  if (!lib.reasons || !device(pci_bus_id, &d) || lib.reasons(d, &reasons) != 0) return false;
  return (reasons & kThrottleMask) != 0;
}

std::string process_name(unsigned pid) {
  Library& lib = library();
  char name[256] = {};
  if (lib.init && lib.name_of && lib.name_of(pid, name, sizeof name) == 0) return name;
  return fmt::format("pid {}", pid);
}

}  // namespace memlab::nvml
