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
#include "memlab/bilingual.h"
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
  check(bilingual("cudaFree(nullptr) to create the device context", "cudaFree(nullptr)（用来创建设备上下文）"),
        cudaFree(nullptr));
  current.device = static_cast<CUdevice>(ordinal);  // a CUdevice is the device ordinal

  void* entry = nullptr;
  cudaDriverEntryPointQueryResult found{};
  check("cudaGetDriverEntryPointByVersion(cuCtxGetCurrent)",
        cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &entry, 12000, cudaEnableDefault, &found));
  if (found != cudaDriverEntryPointSuccess || entry == nullptr) {
    fail(Status::error, bilingual("the driver does not export cuCtxGetCurrent", "驱动没有导出 cuCtxGetCurrent"));
  }
  using CtxGetCurrent = CUresult(CUDAAPI*)(CUcontext*);
  const CUresult rc = reinterpret_cast<CtxGetCurrent>(entry)(&current.context);
  if (rc != CUDA_SUCCESS || current.context == nullptr) {
    const std::string code = std::to_string(static_cast<int>(rc));
    fail(Status::error, bilingual("cuCtxGetCurrent failed (CUresult " + code + ")",
                                  "cuCtxGetCurrent 调用失败（CUresult " + code + "）"));
  }
  return current;
}

Result measure_or_throw(const std::vector<std::string>& metrics, const std::function<void()>& launch) {
  if (metrics.empty()) fail(Status::error, bilingual("no metrics requested", "没有要求读取任何指标"));
  const CurrentDevice current = current_device();
  if (const cudaError_t pending = cudaPeekAtLastError(); pending != cudaSuccess) {
    // Reported now rather than blamed on the launch below.
    fail(Status::error, bilingual(std::string("a CUDA error was already pending when measure() began: ") +
                                      cudaGetErrorName(pending) + " (" + cudaGetErrorString(pending) + ")",
                                  std::string("measure() 开始时已经有一个未处理的 CUDA 错误：") +
                                      cudaGetErrorName(pending) + "（" + cudaGetErrorString(pending) + "）"));
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
    check(bilingual("the launch (cudaGetLastError after it)", "这次启动（在它之后调用 cudaGetLastError）"),
          cudaGetLastError());
    check(bilingual("cudaDeviceSynchronize after the launch", "启动之后的 cudaDeviceSynchronize"),
          cudaDeviceSynchronize());
  };
  // CUPTI decides when it has every pass; the cap only stops a runaway loop.
  const int max_calls = 2 * static_cast<int>(planned_passes) + 4;
  int calls = 0;
  bool all_submitted = false;
  while (!all_submitted) {
    if (calls == max_calls) {
      const std::string made = std::to_string(calls), planned = std::to_string(planned_passes);
      fail(Status::error,
           bilingual("CUPTI still asked for passes after " + made + " calls of launch (" + planned + " planned)",
                     "launch 被调用了 " + made + " 次之后，CUPTI 仍在要求更多遍（计划 " + planned + " 遍）"));
    }
    ++calls;
    all_submitted = profiler.run_pass(work);
  }

  const std::size_t dropped = profiler.decode();
  if (dropped != 0)
    fail(Status::error, bilingual("CUPTI dropped " + std::to_string(dropped) + " range(s) while decoding",
                                  "CUPTI 在解码时丢掉了 " + std::to_string(dropped) + " 个范围"));
  const std::size_t ranges = range_count(counter_data);
  if (ranges != 1) {
    fail(Status::error, bilingual("expected 1 profiled range, CUPTI recorded " + std::to_string(ranges) +
                                      (ranges == 0 ? " (did launch run any GPU work?)" : ""),
                                  "应当有 1 个被分析的范围，CUPTI 记录了 " + std::to_string(ranges) + " 个" +
                                      (ranges == 0 ? "（launch 在 GPU 上运行了工作吗？）" : "")));
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
    r.message = join_bilingual(
        {bilingual("measure: exception (from the launch or an allocation): ", "measure：异常（来自启动或内存分配）："),
         e.what()});
    return r;
  } catch (...) {
    Result r;
    r.message = bilingual("measure: the launch threw a non-standard exception", "measure：启动抛出了一个非标准的异常");
    return r;
  }
}

}  // namespace memlab::counters
