// The course's metric lists, Result lookups and per-instruction ratios.
#include "memlab/counters.h"

namespace memlab::counters {
namespace {

bool is_load(Access access) { return access == Access::load; }

// numerator / denominator, or nullopt when either is missing or the denominator is zero.
std::optional<double> ratio(const Result& result, const char* numerator, const char* denominator) {
  const std::optional<double> n = result.value(numerator);
  const std::optional<double> d = result.value(denominator);
  if (!n || !d || *d == 0.0) return std::nullopt;
  return *n / *d;
}

}  // namespace

const char* to_string(Status status) {
  switch (status) {
    case Status::ok: return "ok";
    case Status::not_permitted: return "not permitted";
    case Status::unsupported: return "unsupported";
    case Status::error: return "error";
  }
  return "unknown status";
}

std::optional<double> Result::value(const std::string& metric) const {
  const auto found = values.find(metric);
  if (found == values.end()) return std::nullopt;
  return found->second;
}

std::vector<std::string> shared_metrics(Access access) {
  if (is_load(access)) {
    return {metric::shared_ld_wavefronts, metric::shared_ld_instructions, metric::shared_ld_bank_conflicts};
  }
  return {metric::shared_st_wavefronts, metric::shared_st_instructions, metric::shared_st_bank_conflicts};
}

std::vector<std::string> global_metrics(Access access) {
  if (is_load(access)) return {metric::global_ld_sectors, metric::global_ld_requests};
  return {metric::global_st_sectors, metric::global_st_requests};
}

std::vector<std::string> course_metrics() {
  std::vector<std::string> all;
  for (Access access : {Access::load, Access::store}) {
    for (auto&& names : {shared_metrics(access), global_metrics(access)}) {
      all.insert(all.end(), names.begin(), names.end());
    }
  }
  return all;
}

std::optional<double> wavefronts_per_instruction(const Result& result, Access access) {
  return is_load(access) ? ratio(result, metric::shared_ld_wavefronts, metric::shared_ld_instructions)
                         : ratio(result, metric::shared_st_wavefronts, metric::shared_st_instructions);
}

std::optional<double> conflicts_per_instruction(const Result& result, Access access) {
  return is_load(access) ? ratio(result, metric::shared_ld_bank_conflicts, metric::shared_ld_instructions)
                         : ratio(result, metric::shared_st_bank_conflicts, metric::shared_st_instructions);
}

std::optional<double> sectors_per_request(const Result& result, Access access) {
  return is_load(access) ? ratio(result, metric::global_ld_sectors, metric::global_ld_requests)
                         : ratio(result, metric::global_st_sectors, metric::global_st_requests);
}

}  // namespace memlab::counters
