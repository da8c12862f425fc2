#pragma once
// The environment note printed at the head of every report: what GPU, driver and CUDA
// version graded this, its clocks, and any condition that makes timings untrustworthy
// (other processes on the GPU, MIG slices, throttling). Flags turn performance verdicts
// inconclusive instead of wrong.
#include <string>
#include <vector>

#include "memlab/gpu.h"

namespace memlab {

struct Environment {
  DeviceInfo device;
  std::string driver_version;  // e.g. "580.95.05" (NVML) or the CUDA driver API version
  int cuda_driver_api = 0;     // cudaDriverGetVersion, e.g. 13000
  int cuda_runtime = 0;        // cudaRuntimeGetVersion
  int sm_clock_mhz = -1, sm_clock_max_mhz = -1, mem_clock_mhz = -1;  // -1: NVML unavailable
  int other_processes = -1;  // compute processes on this GPU other than us; -1: unknown
  std::vector<std::string> other_process_names;
  bool mig_enabled = false;
  std::vector<std::string> flags;  // conditions that make timings untrustworthy
  std::string nvml_note;           // why NVML facts are missing, if they are

  std::string summary() const;  // a few lines for the head of the report
  std::string doubt() const;    // flags joined, or empty
};

Environment read_environment(const DeviceInfo& device);

// Thermal/power slowdown reasons active right now (NVML); false when unknown.
bool sm_clock_throttled_now();

}  // namespace memlab
