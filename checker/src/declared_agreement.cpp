#include "memlab/declared_agreement.h"

#include <cmath>

#include "memlab/text_format.h"

namespace memlab {

double declared_agreement_tolerance(double predicted) { return 0.25 + 0.05 * predicted; }

DeclaredAgreement judge_declared_tile(const std::string& declared, const std::string& not_the_kernels,
                                      const TileTraffic& predicted, const MeasuredTileTraffic& m) {
  const double expected = double(m.n) * m.n / 32;
  if (m.load_instructions != expected || m.store_instructions != expected)
    return {false, "the kernel issued " + fixed(m.load_instructions, 0) + " shared loads and " +
                       fixed(m.store_instructions, 0) + " shared stores for a " + std::to_string(m.n) + "x" +
                       std::to_string(m.n) +
                       " transpose; a tile written by rows and read by columns, one float per lane, issues " +
                       fixed(expected, 0) + " of each, which is what " + declared +
                       " is modelled on: the kernel's shared traffic is not that tile's"};
  const double loads = m.load_wavefronts / m.load_instructions, stores = m.store_wavefronts / m.store_instructions;
  const double load_band = declared_agreement_tolerance(predicted.load_wavefronts);
  const double store_band = declared_agreement_tolerance(predicted.store_wavefronts);
  const bool loads_agree = std::fabs(loads - predicted.load_wavefronts) <= load_band;
  const bool stores_agree = std::fabs(stores - predicted.store_wavefronts) <= store_band;
  const std::string band =
      "agreement: within +/- " + fixed(load_band, 2) + " per load and +/- " + fixed(store_band, 2) + " per store";
  if (loads_agree && stores_agree)
    return {true, "the kernel's column reads take " + fixed(loads, 3) + " wavefronts per shared load and its row writes " +
                      fixed(stores, 3) + " per shared store on the hardware; " + declared + " gives " +
                      fixed(predicted.load_wavefronts, 2) + " and " + fixed(predicted.store_wavefronts, 2) +
                      " in the bank model (" + band + ")"};
  if (!loads_agree)
    return {false, "the kernel's column reads cost " + fixed(loads, 1) + " wavefronts per load on the hardware; " +
                       declared + " gives " + fixed(predicted.load_wavefronts, 1) + ": " + not_the_kernels +
                       " (row writes: " + fixed(stores, 2) + " per store, the model " +
                       fixed(predicted.store_wavefronts, 2) + "; " + band + ")"};
  return {false, "the kernel's row writes cost " + fixed(stores, 1) + " wavefronts per store on the hardware; " +
                     declared + " gives " + fixed(predicted.store_wavefronts, 1) + ": " + not_the_kernels +
                     ", or the kernel does not write the tile by rows (column reads: " + fixed(loads, 2) +
                     " per load, the model " + fixed(predicted.load_wavefronts, 2) + "; " + band + ")"};
}

}  // namespace memlab
