// The bottleneck model of each timed kernel (memlab/bottleneck_model.h), carried from the H200's
// measurements (h200_calibration.h) to another GPU of the table. Each kernel keeps the
// efficiency it had on the H200 against its bottleneck; what changes from GPU to GPU is which
// resource is the bottleneck, and by how much.
#include "lab_predictions.h"

#include <algorithm>
#include <cmath>

#include "h200_calibration.h"
#include "memlab/bottleneck_model.h"

namespace memlab::portability {
namespace {

// A GPU's rates as the checks would measure them: DRAM at the H200's fraction of its
// datasheet, shared memory at the H200's fraction of 32 banks x 4 B x SMs x clock.
struct Rates {
  double copy_bytes_per_s, read_bytes_per_s, shared_wavefronts_per_s;
  double sm_cycles_per_s;  // SMs x clock: what latency-bound work (barriers, dependent loads) scales with
  double warps;            // resident warps of the whole GPU: what one-float-per-thread streams scale with
};

Rates rates_of(const GpuSpec& g) {
  const double h200_datasheet_gb_per_s = gpu_spec("H200 SXM").dram_gb_per_s;
  Rates r;
  r.copy_bytes_per_s = g.dram_gb_per_s * 1e9 * (h200::kCopyGBps / h200_datasheet_gb_per_s);
  r.read_bytes_per_s = g.dram_gb_per_s * 1e9 * (h200::kReadGBps / h200_datasheet_gb_per_s);
  r.shared_wavefronts_per_s = g.shared_wavefronts_per_s() * h200::kSharedOfTheory;
  r.sm_cycles_per_s = g.sms * g.boost_mhz * 1e6;
  r.warps = double(g.sms) * g.max_threads_per_sm / 32;
  return r;
}

const Rates& h200_rates() {
  static const Rates r = rates_of(gpu_spec("H200 SXM"));
  return r;
}

double ms(double amount, double per_s) { return amount / per_s * 1e3; }

// A kernel bound by DRAM or by shared memory, with the efficiency against each that it had on
// the H200 (measured time over the model's time there).
struct TwoResourceKernel {
  double dram_bytes, wavefronts;
  double dram_efficiency, shared_efficiency;
  double time_ms(const Rates& r) const {
    return std::max(ms(dram_bytes, r.copy_bytes_per_s) / dram_efficiency,
                    ms(wavefronts, r.shared_wavefronts_per_s) / shared_efficiency);
  }
};

// A 32 x 32 float tile transpose of side n whose column reads take `ways` wavefronts.
double tile_wavefronts(double n, int ways) { return (n / 32) * (n / 32) * 32.0 * (1 + ways); }

// Labs 04 and 05: the starter's 32-way tile against a conflict-free one, each calibrated on the
// H200's measured times.
void transpose_lab(const std::string& lab, double starter_h200_ms, double solution_h200_ms, const Rates& r,
                   std::vector<CheckPrediction>& out) {
  const double n = 8192, bytes = 2 * n * n * 4;
  const Rates& h = h200_rates();
  TwoResourceKernel starter{bytes, tile_wavefronts(n, 32), 1, 1}, solution{bytes, tile_wavefronts(n, 1), 1, 1};
  // Calibration: the starter is shared-memory bound on the H200, the solution DRAM bound.
  starter.shared_efficiency = ms(starter.wavefronts, h.shared_wavefronts_per_s) / starter_h200_ms;
  solution.dram_efficiency = ms(bytes, h.copy_bytes_per_s) / solution_h200_ms;
  starter.dram_efficiency = solution.dram_efficiency;  // the same global traffic
  solution.shared_efficiency = starter.shared_efficiency;
  const double t_st = starter.time_ms(r), t_sol = solution.time_ms(r), t_copy = ms(bytes, r.copy_bytes_per_s);
  const std::string basis =
      std::string("starter ") +
      bottleneck_name({bytes, starter.wavefronts}, {r.copy_bytes_per_s, r.shared_wavefronts_per_s}) +
      "-bound, solution " +
      bottleneck_name({bytes, solution.wavefronts}, {r.copy_bytes_per_s, r.shared_wavefronts_per_s}) + "-bound";
  out.push_back({lab, "speedup_vs_starter", 1.0, t_st / t_sol, GapMeasurement{t_st, t_copy}, basis});
  out.push_back({lab, "fraction_of_copy_roofline", t_copy / t_st, t_copy / t_sol, GapMeasurement{t_st, t_copy}, basis});
}

}  // namespace

std::vector<CheckPrediction> predict_timed_checks(const GpuSpec& gpu) {
  const Rates r = rates_of(gpu);
  const Rates& h = h200_rates();
  const double cycle_scale = h.sm_cycles_per_s / r.sm_cycles_per_s;  // latency-bound time, H200 -> this GPU
  const double warp_scale = h.warps / r.warps;                       // in-flight-bound time, H200 -> this GPU
  std::vector<CheckPrediction> out;

  {  // Lab 01: 8192 x 8192 floats, read and written once (2^26 + 3 floats for part B: the same bytes).
    const double bytes = 2.0 * 8192 * 8192 * 4, t_copy = ms(bytes, r.copy_bytes_per_s);
    // DRAM-bound one-float kernels reach what the transposes reach on the H200 (lab 04's solution).
    const double dram_eff = ms(bytes, h.copy_bytes_per_s) / h200::kLab04SolutionMs;
    // The starter: 32 sectors per request, bound by the L1/L2 sector throughput, which scales
    // with SMs x clock. The coalesced kernel and the scalar scale_array: one float per thread,
    // bound by the loads in flight, which scale with the resident warps.
    const double t_st = std::max(h200::kLab01StarterMs * cycle_scale, t_copy / dram_eff);
    const double t_coal = std::max(h200::kLab01CoalescedMs * warp_scale, t_copy / dram_eff);
    out.push_back({"01", "coalesced_speedup_vs_starter", 1.0, t_st / t_coal, GapMeasurement{t_st, t_copy},
                   t_st > t_copy / dram_eff ? "starter bound by sector throughput" : "starter DRAM-bound"});
    const double t_scalar = std::max(ms(bytes, h200::kLab01ScalarArrayGBps * 1e9) * warp_scale, t_copy / dram_eff);
    out.push_back({"01", "vectorized_fraction_of_copy_roofline", t_copy / t_scalar, h200::kLab01VectorFraction,
                   GapMeasurement{t_scalar, t_copy},
                   t_scalar > t_copy / dram_eff ? "starter bound by loads in flight" : "starter DRAM-bound"});
  }
  // Lab 03: every kernel is bound by shared memory alone, so each ratio is the H200's everywhere.
  out.push_back({"03",
                 "stride1_fraction_of_theory",
                 h200::kLab03StarterStride1,
                 h200::kLab03SolutionStride1,
                 {},
                 "shared memory only"});
  out.push_back({"03", "sweep_band", h200::kLab03StarterBand, h200::kLab03SolutionBand, {}, "shared memory only"});
  out.push_back(
      {"03", "pure_2way_cost", h200::kLab03StarterPure2way, h200::kLab03SolutionPure2way, {}, "shared memory only"});
  // The mixed kernel hides its 2-way cost behind DRAM on the H200, the GPU of the least shared
  // bandwidth per DRAM byte in the table; on every other it hides it more.
  out.push_back({"03", "mixed_2way_cost", h200::kLab03Mixed2way, h200::kLab03Mixed2way, {}, "DRAM-bound"});

  transpose_lab("04", h200::kLab04StarterMs, h200::kLab04SolutionMs, r, out);
  transpose_lab("05", h200::kLab05StarterMs, h200::kLab05SolutionMs, r, out);

  {  // Lab 06: 2^27 floats. The trees wait at a barrier each step: their time is latency-bound
     // work that scales with SMs x clock, plus one shared-memory cycle per wavefront, and never
     // below the read roofline.
    const double n = double(1 << 27), bytes = n * 4, t_read = ms(bytes, r.read_bytes_per_s);
    double blocks = 0;
    for (double left = n; left > 1; left = std::ceil(left / 256)) blocks += std::ceil(left / 256);
    const double w_starter = 87 * blocks, w_solution = 25 * blocks;  // bank model: 87 and 25 per block
    const double other_h200 = h200::kLab06StarterTreeMs - ms(w_starter, h.shared_wavefronts_per_s);
    auto tree_ms = [&](double w) {
      return std::max(other_h200 * cycle_scale + ms(w, r.shared_wavefronts_per_s), t_read);
    };
    const double t_st = tree_ms(w_starter), t_sol = tree_ms(w_solution);
    // The checker's own target: the starter less its extra wavefronts (62 per block), floored.
    const double target = without_extra_wavefronts_ms(t_st, 62 * blocks, r.shared_wavefronts_per_s, t_read);
    const std::string basis =
        t_st > t_read * 1.0001 ? "starter tree latency-bound" : "starter tree at the read roofline";
    out.push_back({"06", "tree_speedup_vs_starter", 1.0, t_st / t_sol, GapMeasurement{t_st, target}, basis});
    out.push_back({"06", "fast_fraction_of_read_roofline", t_read / t_st, h200::kLab06FastFraction,
                   GapMeasurement{t_st, t_read}, basis});
    out.push_back({"06", "fast_vs_cub", t_read / t_st, h200::kLab06FastVsCub, GapMeasurement{t_st, t_read}, basis});
  }
  {  // Lab 07: 64 x 64 tiles of 16-bit values; a warp's loads take 2.05 (starter) and 1.04 (solution)
     // wavefronts, 1/32 of a load instruction per element, against 4 bytes of DRAM per element.
     // DRAM-bound on the H200 and more so where shared memory is faster against DRAM.
    const double per_element_shared = 2.05 / 32 + 1.0 / 32, per_element_dram = 4;
    const double shared_over_dram =
        (per_element_shared / r.shared_wavefronts_per_s) / (per_element_dram / r.copy_bytes_per_s);
    const double slow = std::max(1.0, shared_over_dram / 0.8);  // the starter reaches 80 % of the roofline
    out.push_back({"07",
                   "speedup_vs_starter",
                   1.0,
                   h200::kLab07SolutionSpeedup * std::min(1.0, slow),
                   {},
                   shared_over_dram < 0.8 ? "DRAM-bound" : "shared memory bound"});
    out.push_back({"07",
                   "fraction_of_copy_roofline",
                   h200::kLab07StarterFraction / slow,
                   h200::kLab07SolutionFraction,
                   {},
                   shared_over_dram < 0.8 ? "DRAM-bound" : "shared memory bound"});
  }
  {  // Lab 08: 16128 x 16128 floats. The starter's unpadded tile reads columns 32-way (33
     // wavefronts per 32 elements with the row writes); the fastest candidates are conflict-free
     // and DRAM-bound. Each side keeps the efficiency it had on the H200.
    const double n = 16128.0 * 16128.0, bytes = 8 * n, w_starter = n * 33 / 32;
    const double e_shared = ms(w_starter, h.shared_wavefronts_per_s) / h200::kLab08StarterMs;
    const double e_dram = ms(bytes, h.copy_bytes_per_s) / h200::kLab08FastestMs;
    const double t_best = ms(bytes, r.copy_bytes_per_s) / e_dram;
    const double t_st = std::max(ms(w_starter, r.shared_wavefronts_per_s) / e_shared, t_best);
    out.push_back({"08", "choice_within_5_percent_of_best", t_best / t_st, 1.0, GapMeasurement{t_st, t_best},
                   t_st > t_best * 1.0001 ? "starter's choice shared memory bound" : "every candidate DRAM-bound"});
  }
  return out;
}

}  // namespace memlab::portability
