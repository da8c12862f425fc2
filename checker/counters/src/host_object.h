// Internal: RAII owner of a CUPTI profiler host object (cupti_profiler_host.h).
//
// The host object knows a chip's metrics. It runs on the CPU alone: it builds
// the config image (which counters to program, in how many passes) and turns
// a counter data image into metric values. Every failed call throws
// CallFailed (cupti_call.h).
#pragma once

#include <cupti_profiler_host.h>

#include <cstdint>
#include <string>
#include <vector>

namespace memlab::counters::detail {

class HostObject {
 public:
  // `availability_image` may be null (CPU-only use); measure() passes the
  // device's image so that the config schedules only counters it can read.
  HostObject(const std::string& chip, const std::uint8_t* availability_image);
  ~HostObject();
  HostObject(const HostObject&) = delete;
  HostObject& operator=(const HostObject&) = delete;

  // True when CUPTI knows `metric` (a base name, or a name with rollup) on this chip.
  bool knows(const std::string& metric) const;
  // Every base metric name of every type (counter, ratio, throughput).
  std::vector<std::string> base_metrics() const;

  // Schedule `metrics` and return the config image. Call once per object.
  std::vector<std::uint8_t> config_image(const std::vector<const char*>& metrics);
  static std::size_t passes(std::vector<std::uint8_t>& config_image);

  // Metric values of range `range_index` in a decoded counter data image.
  std::vector<double> evaluate(const std::vector<std::uint8_t>& counter_data, const std::vector<const char*>& metrics,
                               std::size_t range_index) const;

 private:
  CUpti_Profiler_Host_Object* object_ = nullptr;
};

// Pointers into `names`, for CUPTI's const char** parameters.
std::vector<const char*> c_strings(const std::vector<std::string>& names);

}  // namespace memlab::counters::detail
