#include "host_object.h"

#include "cupti_call.h"

namespace memlab::counters::detail {

HostObject::HostObject(const std::string& chip, const std::uint8_t* availability_image) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_Initialize_Params);
  p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  p.pChipName = chip.c_str();
  p.pCounterAvailabilityImage = availability_image;
  check("cuptiProfilerHostInitialize", cuptiProfilerHostInitialize(&p));
  object_ = p.pHostObject;
}

HostObject::~HostObject() {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_Deinitialize_Params);
  p.pHostObject = object_;
  cuptiProfilerHostDeinitialize(&p);  // nothing useful to do if teardown fails
}

bool HostObject::knows(const std::string& metric) const {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_GetMetricProperties_Params);
  p.pHostObject = object_;
  p.pMetricName = metric.c_str();
  return cuptiProfilerHostGetMetricProperties(&p) == CUPTI_SUCCESS;
}

std::vector<std::string> HostObject::base_metrics() const {
  std::vector<std::string> names;
  for (CUpti_MetricType type : {CUPTI_METRIC_TYPE_COUNTER, CUPTI_METRIC_TYPE_RATIO, CUPTI_METRIC_TYPE_THROUGHPUT}) {
    auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_GetBaseMetrics_Params);
    p.pHostObject = object_;
    p.metricType = type;
    check("cuptiProfilerHostGetBaseMetrics", cuptiProfilerHostGetBaseMetrics(&p));
    for (std::size_t i = 0; i < p.numMetrics; ++i) {
      if (p.ppMetricNames[i] != nullptr) names.emplace_back(p.ppMetricNames[i]);
    }
  }
  return names;
}

std::vector<std::uint8_t> HostObject::config_image(const std::vector<const char*>& metrics) {
  auto add = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params);
  add.pHostObject = object_;
  add.ppMetricNames = const_cast<const char**>(metrics.data());
  add.numMetrics = metrics.size();
  check("cuptiProfilerHostConfigAddMetrics", cuptiProfilerHostConfigAddMetrics(&add));

  auto size = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params);
  size.pHostObject = object_;
  check("cuptiProfilerHostGetConfigImageSize", cuptiProfilerHostGetConfigImageSize(&size));

  std::vector<std::uint8_t> image(size.configImageSize);
  auto get = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params);
  get.pHostObject = object_;
  get.configImageSize = image.size();
  get.pConfigImage = image.data();
  check("cuptiProfilerHostGetConfigImage", cuptiProfilerHostGetConfigImage(&get));
  return image;
}

std::size_t HostObject::passes(std::vector<std::uint8_t>& config_image) {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params);
  p.configImageSize = config_image.size();
  p.pConfigImage = config_image.data();
  check("cuptiProfilerHostGetNumOfPasses", cuptiProfilerHostGetNumOfPasses(&p));
  return p.numOfPasses;
}

std::vector<double> HostObject::evaluate(const std::vector<std::uint8_t>& counter_data,
                                         const std::vector<const char*>& metrics, std::size_t range_index) const {
  std::vector<double> values(metrics.size());
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params);
  p.pHostObject = object_;
  p.pCounterDataImage = counter_data.data();
  p.counterDataImageSize = counter_data.size();
  p.rangeIndex = range_index;
  p.ppMetricNames = const_cast<const char**>(metrics.data());
  p.numMetrics = metrics.size();
  p.pMetricValues = values.data();
  check("cuptiProfilerHostEvaluateToGpuValues", cuptiProfilerHostEvaluateToGpuValues(&p));
  return values;
}

std::vector<const char*> c_strings(const std::vector<std::string>& names) {
  std::vector<const char*> pointers;
  pointers.reserve(names.size());
  for (const std::string& name : names) pointers.push_back(name.c_str());
  return pointers;
}

}  // namespace memlab::counters::detail
