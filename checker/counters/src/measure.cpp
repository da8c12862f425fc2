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

#include <map>
#include <memory>

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

// What one process's measurements share: the profiler library, started once, and per context the
// chip and, per list of metrics, the host object and its config image (which counters to program,
// in how many passes). The check programs read counters a dozen times each, and each of these
// steps was repeated on every read. Kept until the process ends and never torn down: at exit
// the driver may already be gone. Only what was made without an error is kept, so a refusal
// (no permission, an unsupported GPU) is met again, and reported again, on the next read.
struct Schedule {
  std::string chip;
  std::unique_ptr<HostObject> host;
  std::vector<std::uint8_t> config;
  std::size_t passes = 0;
};

struct ContextSetup {
  CUcontext context = nullptr;
  std::string chip;
  std::vector<std::uint8_t> availability;
  std::map<std::vector<std::string>, Schedule> schedules;
};

const Schedule& schedule_for(const CurrentDevice& current, const std::vector<std::string>& metrics) {
  static ProfilerLibrary* const library = new ProfilerLibrary();  // started once; never stopped (see above)
  (void)library;
  static ContextSetup* setup = nullptr;
  if (setup == nullptr || setup->context != current.context) {
    require_range_profiling_support(current.device);
    auto fresh = std::make_unique<ContextSetup>();
    fresh->context = current.context;
    fresh->chip = chip_name(current.device);
    fresh->availability = counter_availability_image(current.context);
    delete setup;  // a context of the past (cudaDeviceReset): its host objects describe it alone
    setup = fresh.release();
  }
  auto found = setup->schedules.find(metrics);
  if (found != setup->schedules.end()) return found->second;
  Schedule made;
  made.chip = setup->chip;
  made.host = std::make_unique<HostObject>(setup->chip, setup->availability.data());
  made.config = made.host->config_image(c_strings(metrics));
  made.passes = HostObject::passes(made.config);
  return setup->schedules.emplace(metrics, std::move(made)).first->second;
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

  const Schedule& schedule = schedule_for(current, metrics);
  const HostObject& host = *schedule.host;
  const std::size_t planned_passes = schedule.passes;

  RangeProfiler profiler(current.context);
  std::vector<std::uint8_t> counter_data = profiler.counter_data_image(names);
  profiler.set_config(schedule.config, counter_data);

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
  r.message = schedule.chip + ", " + std::to_string(calls) + (calls == 1 ? " pass" : " passes");
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
