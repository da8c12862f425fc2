#include "memlab/declared_agreement.h"

#include <cmath>

#include <fmt/format.h>

namespace memlab {

double declared_agreement_tolerance(double predicted) { return 0.25 + 0.05 * predicted; }

DeclaredAgreement judge_declared_tile(const std::string& declared, const std::string& not_the_kernels,
                                      const TileTraffic& predicted, const MeasuredTileTraffic& m) {
  const double expected = double(m.n) * m.n / 32;
  if (m.load_instructions != expected || m.store_instructions != expected)
    return {false, fmt::format("the kernel issued {:.0f} shared loads and {:.0f} shared stores for a {}x{} transpose; "
                               "a tile written by rows and read by columns, one float per lane, issues {:.0f} of "
                               "each, which is what {} is modelled on: the kernel's shared traffic is not that tile's",
                               m.load_instructions, m.store_instructions, m.n, m.n, expected, declared)};
  const double loads = m.load_wavefronts / m.load_instructions, stores = m.store_wavefronts / m.store_instructions;
  const double load_band = declared_agreement_tolerance(predicted.load_wavefronts);
  const double store_band = declared_agreement_tolerance(predicted.store_wavefronts);
  const bool loads_agree = std::fabs(loads - predicted.load_wavefronts) <= load_band;
  const bool stores_agree = std::fabs(stores - predicted.store_wavefronts) <= store_band;
  const std::string band =
      fmt::format("agreement: within +/- {:.2f} per load and +/- {:.2f} per store", load_band, store_band);
  if (loads_agree && stores_agree)
    return {true, fmt::format("the kernel's column reads take {:.3f} wavefronts per shared load and its row writes "
                              "{:.3f} per shared store on the hardware; {} gives {:.2f} and {:.2f} in the bank model "
                              "({})",
                              loads, stores, declared, predicted.load_wavefronts, predicted.store_wavefronts, band)};
  if (!loads_agree)
    return {false, fmt::format("the kernel's column reads cost {:.1f} wavefronts per load on the hardware; {} gives "
                               "{:.1f}: {} (row writes: {:.2f} per store, the model {:.2f}; {})",
                               loads, declared, predicted.load_wavefronts, not_the_kernels, stores,
                               predicted.store_wavefronts, band)};
  return {false, fmt::format("the kernel's row writes cost {:.1f} wavefronts per store on the hardware; {} gives "
                             "{:.1f}: {}, or the kernel does not write the tile by rows (column reads: {:.2f} per "
                             "load, the model {:.2f}; {})",
                             stores, declared, predicted.store_wavefronts, not_the_kernels, loads,
                             predicted.load_wavefronts, band)};
}

}  // namespace memlab
