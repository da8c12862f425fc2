// memlab-rooflines: this GPU's rooflines exactly as the checks measure them (copy, read,
// shared memory), with their spread, and the environment note. Exit 77 without a GPU.
#include <cstdio>

#include "memlab/environment.h"
#include "memlab/gpu.h"
#include "memlab/roofline.h"

namespace {
void print(const char* name, const memlab::Roofline& r, const char* counts) {
  const auto& s = r.measurement.stats;
  std::printf("| %s | %.0f | %.0f-%.0f | %zu | %.3f | %s |\n", name, r.bytes_per_second / 1e9, r.low / 1e9,
              r.high / 1e9, s.n, s.median, counts);
  if (!r.measurement.doubt().empty()) std::printf("  (doubt: %s)\n", r.measurement.doubt().c_str());
}
}  // namespace

int main() {
  try {
    memlab::GpuLookup gpu = memlab::find_gpu();
    if (!gpu.device) {
      std::printf("SKIPPED: no GPU: %s\n", gpu.reason.c_str());
      return 77;
    }
    std::printf("%s\n\n", memlab::read_environment(*gpu.device).summary().c_str());
    std::printf("| roofline | GB/s (median) | 95 %% interval | samples | ms per launch | bytes counted |\n");
    std::printf("| --- | --- | --- | --- | --- | --- |\n");
    print("device copy, float4 grid-stride", memlab::copy_roofline(), "read + written");
    print("device read, float4 grid-stride", memlab::read_roofline(), "read");
    const memlab::Roofline& shared = memlab::shared_roofline();
    print("shared-memory loads, conflict-free", shared, "4 per lane per load");
    const double theory = memlab::theoretical_shared_bytes_per_second();
    std::printf("\nshared memory: %.1f %% of SMs x 128 B x max SM clock (%.0f GB/s)\n",
                100 * shared.bytes_per_second / theory, theory / 1e9);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "memlab-rooflines: %s\n", e.what());
    return 1;
  }
}
