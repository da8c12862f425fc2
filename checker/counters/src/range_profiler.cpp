#include "range_profiler.h"

#include "cupti_call.h"
#include "memlab/bilingual.h"
#include "memlab/counters.h"

#include <cupti_profiler_target.h>
#include <cupti_target.h>

namespace memlab::counters::detail {

ProfilerLibrary::ProfilerLibrary() {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Initialize_Params);
  check("cuptiProfilerInitialize", cuptiProfilerInitialize(&p));
}

ProfilerLibrary::~ProfilerLibrary() {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_DeInitialize_Params);
  cuptiProfilerDeInitialize(&p);
}

void require_range_profiling_support(CUdevice device) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_DeviceSupported_Params);
  p.cuDevice = device;
  p.api = CUPTI_PROFILER_RANGE_PROFILING;
  check("cuptiProfilerDeviceSupported", cuptiProfilerDeviceSupported(&p));
  if (p.isSupported == CUPTI_PROFILER_CONFIGURATION_SUPPORTED) return;

  if (p.vGpu == CUPTI_PROFILER_CONFIGURATION_DISABLED) {
    fail(Status::not_permitted,
         bilingual("profiling is disabled for this vGPU; the administrator of the host must enable it for this VM",
                   "这个 vGPU 禁用了性能分析；需要宿主机的管理员为这台虚拟机启用它"));
  }
  std::string reasons, reasons_zh;
  const auto note = [&](CUpti_Profiler_Support_Level level, const char* why, const char* why_zh) {
    if (level == CUPTI_PROFILER_CONFIGURATION_SUPPORTED) return;
    reasons += (reasons.empty() ? "" : ", ") + std::string(why);
    reasons_zh += (reasons_zh.empty() ? "" : "，") + std::string(why_zh);
  };
  note(p.architecture, "CUPTI's range profiler does not support this GPU architecture",
       "CUPTI 的范围性能分析器不支持这种 GPU 架构");
  note(p.sli, "SLI is enabled", "启用了 SLI");
  note(p.vGpu, "this vGPU does not support profiling", "这个 vGPU 不支持性能分析");
  note(p.confidentialCompute, "confidential computing is enabled", "启用了机密计算");
  note(p.cmp, "crypto-mining processors (CMP) cannot be profiled", "加密货币挖矿处理器（CMP）不能做性能分析");
  note(p.wsl, "this WSL setup does not support profiling", "这种 WSL 环境不支持性能分析");
  if (reasons.empty()) {
    reasons = "CUPTI reports that this device cannot be profiled";
    reasons_zh = "CUPTI 报告这个设备不能做性能分析";
  }
  fail(Status::unsupported, counters_unavailable(bilingual(reasons, reasons_zh)));
}

std::string chip_name(CUdevice device) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Device_GetChipName_Params);
  p.deviceIndex = static_cast<std::size_t>(device);
  check("cuptiDeviceGetChipName", cuptiDeviceGetChipName(&p));
  if (p.pChipName == nullptr)
    fail(Status::error, bilingual("cuptiDeviceGetChipName returned no name", "cuptiDeviceGetChipName 没有返回名字"));
  return p.pChipName;
}

std::vector<std::uint8_t> counter_availability_image(CUcontext context) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_GetCounterAvailability_Params);
  p.ctx = context;
  check("cuptiProfilerGetCounterAvailability (size)", cuptiProfilerGetCounterAvailability(&p));
  std::vector<std::uint8_t> image(p.counterAvailabilityImageSize);
  p.pCounterAvailabilityImage = image.data();
  check("cuptiProfilerGetCounterAvailability", cuptiProfilerGetCounterAvailability(&p));
  return image;
}

RangeProfiler::RangeProfiler(CUcontext context) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_Enable_Params);
  p.ctx = context;
  check("cuptiRangeProfilerEnable", cuptiRangeProfilerEnable(&p));
  object_ = p.pRangeProfilerObject;
}

RangeProfiler::~RangeProfiler() {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_Disable_Params);
  p.pRangeProfilerObject = object_;
  cuptiRangeProfilerDisable(&p);
}

std::vector<std::uint8_t> RangeProfiler::counter_data_image(const std::vector<const char*>& metrics) {
  auto size = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params);
  size.pRangeProfilerObject = object_;
  size.pMetricNames = const_cast<const char**>(metrics.data());
  size.numMetrics = metrics.size();
  size.maxNumOfRanges = 1;
  size.maxNumRangeTreeNodes = 1;
  check("cuptiRangeProfilerGetCounterDataSize", cuptiRangeProfilerGetCounterDataSize(&size));

  std::vector<std::uint8_t> image(size.counterDataSize);
  auto init = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params);
  init.pRangeProfilerObject = object_;
  init.counterDataSize = image.size();
  init.pCounterData = image.data();
  check("cuptiRangeProfilerCounterDataImageInitialize", cuptiRangeProfilerCounterDataImageInitialize(&init));
  return image;
}

void RangeProfiler::set_config(const std::vector<std::uint8_t>& config_image, std::vector<std::uint8_t>& counter_data) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_SetConfig_Params);
  p.pRangeProfilerObject = object_;
  p.configSize = config_image.size();
  p.pConfig = config_image.data();
  p.counterDataImageSize = counter_data.size();
  p.pCounterDataImage = counter_data.data();
  p.range = CUPTI_UserRange;
  p.replayMode = CUPTI_UserReplay;
  p.maxRangesPerPass = 1;
  p.numNestingLevels = 1;
  p.minNestingLevel = 1;
  p.passIndex = 0;
  p.targetNestingLevel = 1;
  check("cuptiRangeProfilerSetConfig", cuptiRangeProfilerSetConfig(&p));
}

bool RangeProfiler::run_pass(const std::function<void()>& work) {
  auto start = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_Start_Params);
  start.pRangeProfilerObject = object_;
  check("cuptiRangeProfilerStart", cuptiRangeProfilerStart(&start));

  // If `work` or a call below fails, close what is open before the failure
  // propagates, so that Disable finds a stopped profiler.
  struct OpenPass {
    CUpti_RangeProfiler_Object* object;
    bool range_pushed = false;
    bool running = true;
    ~OpenPass() {
      if (range_pushed) {
        auto pop = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_PopRange_Params);
        pop.pRangeProfilerObject = object;
        cuptiRangeProfilerPopRange(&pop);
      }
      if (running) {
        auto stop = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_Stop_Params);
        stop.pRangeProfilerObject = object;
        cuptiRangeProfilerStop(&stop);
      }
    }
  } open{object_};

  auto push = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_PushRange_Params);
  push.pRangeProfilerObject = object_;
  push.pRangeName = "memlab";
  check("cuptiRangeProfilerPushRange", cuptiRangeProfilerPushRange(&push));
  open.range_pushed = true;

  work();

  auto pop = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_PopRange_Params);
  pop.pRangeProfilerObject = object_;
  open.range_pushed = false;
  check("cuptiRangeProfilerPopRange", cuptiRangeProfilerPopRange(&pop));

  auto stop = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_Stop_Params);
  stop.pRangeProfilerObject = object_;
  open.running = false;
  check("cuptiRangeProfilerStop", cuptiRangeProfilerStop(&stop));
  return stop.isAllPassSubmitted != 0;
}

std::size_t RangeProfiler::decode() {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_DecodeData_Params);
  p.pRangeProfilerObject = object_;
  check("cuptiRangeProfilerDecodeData", cuptiRangeProfilerDecodeData(&p));
  return p.numOfRangeDropped;
}

std::size_t range_count(const std::vector<std::uint8_t>& counter_data) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params);
  p.pCounterDataImage = counter_data.data();
  p.counterDataImageSize = counter_data.size();
  check("cuptiRangeProfilerGetCounterDataInfo", cuptiRangeProfilerGetCounterDataInfo(&p));
  return p.numTotalRanges;
}

}  // namespace memlab::counters::detail
