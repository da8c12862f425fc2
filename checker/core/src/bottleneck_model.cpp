// The bottleneck model (memlab/bottleneck_model.h).
#include "memlab/bottleneck_model.h"

#include <algorithm>
#include <stdexcept>

namespace memlab {
namespace {

void check_rates(const ResourceRates& r) {
  if (!(r.dram_bytes_per_s > 0) || !(r.shared_wavefronts_per_s > 0))
    throw std::invalid_argument("bottleneck model: rates must be positive");
}

}  // namespace

double bottleneck_ms(const KernelWork& w, const ResourceRates& r) {
  check_rates(r);
  return std::max(w.dram_bytes / r.dram_bytes_per_s, w.shared_wavefronts / r.shared_wavefronts_per_s) * 1e3;
}

const char* bottleneck_name(const KernelWork& w, const ResourceRates& r) {
  check_rates(r);
  return w.dram_bytes / r.dram_bytes_per_s >= w.shared_wavefronts / r.shared_wavefronts_per_s ? "DRAM"
                                                                                              : "shared memory";
}

double without_extra_wavefronts_ms(double measured_ms, double extra_wavefronts, double shared_wavefronts_per_s,
                                   double floor_ms) {
  if (!(shared_wavefronts_per_s > 0)) throw std::invalid_argument("bottleneck model: rates must be positive");
  return std::max(measured_ms - extra_wavefronts / shared_wavefronts_per_s * 1e3, floor_ms);
}

}  // namespace memlab
