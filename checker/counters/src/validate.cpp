// validate_metric_names and supported_chips: CUPTI's host API, CPU only.
#include "memlab/counters.h"

#include "cupti_call.h"
#include "host_object.h"
#include "nearest_name.h"

#include <algorithm>

namespace memlab::counters {
namespace {

using detail::HostObject;

// What is wrong with `name` on this chip, or "" when nothing is.
std::string problem_with(const HostObject& host, const std::string& name,
                         std::vector<std::string>& base_names /* filled on first need */) {
  if (name.empty()) return "empty metric name";
  const std::size_t dot = name.find('.');
  const std::string base = name.substr(0, dot);
  const std::string rollup = dot == std::string::npos ? "" : name.substr(dot);
  if (host.knows(name)) {
    // A bare base name is known, but CUPTI cannot collect it without a rollup.
    if (rollup.empty()) return "'" + name + "' needs a rollup suffix such as '.sum'";
    return "";
  }
  if (host.knows(base)) {
    return "'" + name + "': metric '" + base + "' has no rollup or submetric '" + rollup +
           "' (use .sum, .avg, .min or .max)";
  }
  if (base_names.empty()) base_names = host.base_metrics();
  return "unknown metric '" + name + "' (nearest known: '" + detail::nearest_name(base, base_names) + rollup + "')";
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : separator) + part;
  return text;
}

}  // namespace

std::vector<std::string> supported_chips() {
  auto p = MEMLAB_CUPTI_PARAMS(CUpti_Profiler_Host_GetSupportedChips_Params);
  std::vector<std::string> chips;
  if (cuptiProfilerHostGetSupportedChips(&p) != CUPTI_SUCCESS) return chips;
  for (std::size_t i = 0; i < p.numChips; ++i) {
    if (p.ppChipNames[i] != nullptr) chips.emplace_back(p.ppChipNames[i]);
  }
  return chips;
}

Result validate_metric_names(const std::string& chip, const std::vector<std::string>& metrics) {
  try {
    if (metrics.empty()) detail::fail(Status::error, "no metric names given");
    const std::vector<std::string> chips = supported_chips();
    if (std::find(chips.begin(), chips.end(), chip) == chips.end()) {
      detail::fail(Status::unsupported,
                   "chip '" + chip + "' is not known to this CUPTI; known chips: " + joined(chips, " "));
    }

    HostObject host(chip, nullptr);
    std::vector<std::string> base_names;
    std::vector<std::string> problems;
    for (const std::string& name : metrics) {
      std::string problem = problem_with(host, name, base_names);
      if (!problem.empty()) problems.push_back(std::move(problem));
    }
    if (!problems.empty()) {
      detail::fail(Status::error, std::to_string(problems.size()) + " of " + std::to_string(metrics.size()) +
                                      " metric names are invalid on " + chip + ": " + joined(problems, "; "));
    }

    std::vector<std::uint8_t> image = host.config_image(detail::c_strings(metrics));
    Result r;
    r.status = Status::ok;
    r.passes = static_cast<int>(HostObject::passes(image));
    r.message = std::to_string(metrics.size()) + " metric names valid on " + chip + " (" + std::to_string(r.passes) +
                (r.passes == 1 ? " pass)" : " passes)");
    return r;
  } catch (const detail::CallFailed& failure) {
    return failure.result;
  } catch (const std::exception& e) {
    Result r;
    r.message = std::string("validate_metric_names: ") + e.what();
    return r;
  }
}

}  // namespace memlab::counters
