#pragma once
// A minimal, optional view of NVML (the driver's management library), loaded at run time:
// machines without a driver (CI) must still start the checker, so it is never linked.
#include <string>
#include <vector>

namespace memlab::nvml {

struct Probe {
  bool available = false;
  std::string unavailable_reason;
  std::string driver_version;
  int sm_clock_mhz = -1, sm_clock_max_mhz = -1, mem_clock_mhz = -1;
  bool mig_enabled = false;
  bool process_list_known = false;
  std::vector<unsigned> compute_pids;
};

// pci_bus_id as cudaDeviceGetPCIBusId prints it ("0000:19:00.0").
Probe probe(const std::string& pci_bus_id);
// Thermal or power-brake slowdown active now; false if unknown.
bool throttled_now(const std::string& pci_bus_id);
std::string process_name(unsigned pid);

}  // namespace memlab::nvml
