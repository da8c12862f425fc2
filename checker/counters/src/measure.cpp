// measure(): one user range around the caller's launch, replayed by us once
// per hardware pass (see the header for why user range + user replay).
//
// Sequence (CUDA 13 range profiler + host API):
//   cuptiProfilerInitialize, cuptiProfilerDeviceSupported, cuptiDeviceGetChipName,
//   cuptiProfilerGetCounterAvailability, host: cuptiProfilerHostInitialize,
//   ConfigAddMetrics, GetConfigImage, GetNumOfPasses; target: cuptiRangeProfilerEnable,
//   GetCounterDataSize, CounterDataImageInitialize, SetConfig; per pass:
//   Start, PushRange, launch + sync, PopRange, Stop (until all passes are
//   submitted); then DecodeData, GetCounterDataInfo, host EvaluateToGpuValues;
//   teardown in reverse by the RAII owners.
#include "memlab/counters.h"

#include "cupti_call.h"
#include "host_object.h"
#include "range_profiler.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

namespace memlab::counters {
namespace {

using namespace detail;

struct CurrentDevice {
  CUdevice device = 0;
  CUcontext context = nullptr;
};

// The current CUDA device and its context, created if need be. The driver's
// cuCtxGetCurrent is looked up through the runtime so that this library does
// not link libcuda, and the CPU-only parts load on machines without a driver.
CurrentDevice current_device() {
  CurrentDevice current;
  int ordinal = 0;
  check("cudaGetDevice", cudaGetDevice(&ordinal));
  check("cudaFree(nullptr) to create the device context", cudaFree(nullptr));
  current.device = static_cast<CUdevice>(ordinal);  // a CUdevice is the device ordinal

  void* entry = nullptr;
  cudaDriverEntryPointQueryResult found{};
  check("cudaGetDriverEntryPointByVersion(cuCtxGetCurrent)",
        cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &entry, 12000, cudaEnableDefault, &found));
  if (found != cudaDriverEntryPointSuccess || entry == nullptr) {
    fail(Status::error, "the driver does not export cuCtxGetCurrent");
  }
  using CtxGetCurrent = CUresult(CUDAAPI*)(CUcontext*);
  const CUresult rc = reinterpret_cast<CtxGetCurrent>(entry)(&current.context);
  if (rc != CUDA_SUCCESS || current.context == nullptr) {
    fail(Status::error, "cuCtxGetCurrent failed (CUresult " + std::to_string(static_cast<int>(rc)) + ")");
  }
  return current;
}

Result measure_or_throw(const std::vector<std::string>& metrics, const std::function<void()>& launch) {
  if (metrics.empty()) fail(Status::error, "no metrics requested");
  const CurrentDevice current = current_device();
  if (const cudaError_t pending = cudaPeekAtLastError(); pending != cudaSuccess) {
    // Reported now rather than blamed on the launch below.
    fail(Status::error, std::string("a CUDA error was already pending when measure() began: ") +
                            cudaGetErrorName(pending) + " (" + cudaGetErrorString(pending) + ")");
  }
  const std::vector<const char*> names = c_strings(metrics);

  ProfilerLibrary library;
  require_range_profiling_support(current.device);
  const std::string chip = chip_name(current.device);
  const std::vector<std::uint8_t> availability = counter_availability_image(current.context);

  HostObject host(chip, availability.data());
  std::vector<std::uint8_t> config = host.config_image(names);
  const std::size_t planned_passes = HostObject::passes(config);

  RangeProfiler profiler(current.context);
  std::vector<std::uint8_t> counter_data = profiler.counter_data_image(names);
  profiler.set_config(config, counter_data);

  const auto work = [&launch] {
    launch();
    check("the launch (cudaGetLastError after it)", cudaGetLastError());
    check("cudaDeviceSynchronize after the launch", cudaDeviceSynchronize());
  };
  // CUPTI decides when it has every pass; the cap only stops a runaway loop.
  const int max_calls = 2 * static_cast<int>(planned_passes) + 4;
  int calls = 0;
  bool all_submitted = false;
  while (!all_submitted) {
    if (calls == max_calls) {
      fail(Status::error, "CUPTI still asked for passes after " + std::to_string(calls) + " calls of launch (" +
                              std::to_string(planned_passes) + " planned)");
    }
    ++calls;
    all_submitted = profiler.run_pass(work);
  }

  const std::size_t dropped = profiler.decode();
  if (dropped != 0) fail(Status::error, "CUPTI dropped " + std::to_string(dropped) + " range(s) while decoding");
  const std::size_t ranges = range_count(counter_data);
  if (ranges != 1) {
    fail(Status::error, "expected 1 profiled range, CUPTI recorded " + std::to_string(ranges) +
                            (ranges == 0 ? " (did launch run any GPU work?)" : ""));
  }
  const std::vector<double> values = host.evaluate(counter_data, names, 0);

  Result r;
  r.status = Status::ok;
  r.passes = calls;
  r.message = chip + ", " + std::to_string(calls) + (calls == 1 ? " pass" : " passes");
  for (std::size_t i = 0; i < metrics.size(); ++i) r.values[metrics[i]] = values[i];
  return r;
}

}  // namespace

Result measure(const std::vector<std::string>& metrics, const std::function<void()>& launch) {
  try {
    return measure_or_throw(metrics, launch);
  } catch (const CallFailed& failure) {
    return failure.result;
  } catch (const std::exception& e) {
    Result r;
    r.message = std::string("measure: exception (from the launch or an allocation): ") + e.what();
    return r;
  } catch (...) {
    Result r;
    r.message = "measure: the launch threw a non-standard exception";
    return r;
  }
}

}  // namespace memlab::counters
