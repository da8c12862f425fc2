// Internal: RAII owners for the target side of CUPTI's range profiler
// (cupti_profiler_target.h, cupti_range_profiler.h). Every failed call throws
// CallFailed (cupti_call.h); destructors undo what constructors did.
#pragma once

#include <cuda.h>
#include <cupti_range_profiler.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace memlab::counters::detail {

// cuptiProfilerInitialize ... cuptiProfilerDeInitialize.
class ProfilerLibrary {
 public:
  ProfilerLibrary();
  ~ProfilerLibrary();
  ProfilerLibrary(const ProfilerLibrary&) = delete;
  ProfilerLibrary& operator=(const ProfilerLibrary&) = delete;
};

// Throws CallFailed (unsupported / not permitted) unless CUPTI says the range
// profiler can run on `device` in this setup; the message names what is missing.
void require_range_profiling_support(CUdevice device);

// CUPTI's name of the chip of CUDA device `device` ("GH100", ...).
std::string chip_name(CUdevice device);

// Which counters the device in `context` can read now (needs profiling permission).
std::vector<std::uint8_t> counter_availability_image(CUcontext context);

// cuptiRangeProfilerEnable ... cuptiRangeProfilerDisable on one context, set up
// for one user range replayed by the caller (user replay).
class RangeProfiler {
 public:
  explicit RangeProfiler(CUcontext context);
  ~RangeProfiler();
  RangeProfiler(const RangeProfiler&) = delete;
  RangeProfiler& operator=(const RangeProfiler&) = delete;

  // A counter data image sized for `metrics` and one range.
  std::vector<std::uint8_t> counter_data_image(const std::vector<const char*>& metrics);
  // User range, user replay, one range per pass, one nesting level. Both
  // images must outlive the profiler's use of them.
  void set_config(const std::vector<std::uint8_t>& config_image, std::vector<std::uint8_t>& counter_data);
  // One pass: start, push the range, run `work`, pop, stop. Returns true once
  // CUPTI has all the passes it needs.
  bool run_pass(const std::function<void()>& work);
  // Move the collected counters into the counter data image; returns the
  // number of ranges CUPTI dropped.
  std::size_t decode();

 private:
  CUpti_RangeProfiler_Object* object_ = nullptr;
};

// Number of ranges recorded in a decoded counter data image.
std::size_t range_count(const std::vector<std::uint8_t>& counter_data);

}  // namespace memlab::counters::detail
