#include "check_declared.h"

#include <cmath>
#include <cstdio>

namespace lab05 {

namespace bank = memlab::bank;

TileTraffic predict_tile_traffic(const TileIndex& index) {
  TileTraffic traffic;
  traffic.store_wavefronts = mean_wavefronts(index, bank::TileRead::row, 4, bank::MemoryOp::store);
  traffic.load_wavefronts = mean_wavefronts(index, bank::TileRead::column, 4, bank::MemoryOp::load);
  return traffic;
}

double agreement_tolerance(double predicted) { return 0.25 + 0.05 * predicted; }

namespace {

std::string fixed(double v, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

}  // namespace

Agreement judge_declared_swizzle(const TileIndex& index, const MeasuredTraffic& m) {
  const double expected = double(m.n) * m.n / 32;
  const std::string declared = "the swizzle() transpose.cu declares";
  if (m.load_instructions != expected || m.store_instructions != expected)
    return {false, "the kernel issued " + fixed(m.load_instructions, 0) + " shared loads and " +
                       fixed(m.store_instructions, 0) + " shared stores for a " + std::to_string(m.n) + "x" +
                       std::to_string(m.n) + " transpose; a tile written by rows and read by columns through " +
                       "swizzle(), one float per lane, issues " + fixed(expected, 0) +
                       " of each: the kernel's shared traffic is not that tile's"};
  const TileTraffic predicted = predict_tile_traffic(index);
  const double loads = m.load_wavefronts / m.load_instructions, stores = m.store_wavefronts / m.store_instructions;
  const bool loads_agree =
      std::fabs(loads - predicted.load_wavefronts) <= agreement_tolerance(predicted.load_wavefronts);
  const bool stores_agree =
      std::fabs(stores - predicted.store_wavefronts) <= agreement_tolerance(predicted.store_wavefronts);
  const std::string band = "agreement: within +/- " + fixed(agreement_tolerance(predicted.load_wavefronts), 2) +
                           " per load and +/- " + fixed(agreement_tolerance(predicted.store_wavefronts), 2) +
                           " per store";
  if (loads_agree && stores_agree)
    return {true, "the kernel's column reads take " + fixed(loads, 3) +
                      " wavefronts per shared load and its row writes " + fixed(stores, 3) +
                      " per shared store on the hardware; " + declared + " gives " +
                      fixed(predicted.load_wavefronts, 2) + " and " + fixed(predicted.store_wavefronts, 2) +
                      " in the bank model (" + band + ")"};
  if (!loads_agree)
    return {false, "the kernel's column reads cost " + fixed(loads, 1) + " wavefronts per load on the hardware; " +
                       declared + " gives " + fixed(predicted.load_wavefronts, 1) +
                       ": the kernel does not address its tile through the declared swizzle() (row writes: " +
                       fixed(stores, 2) + " per store, the model " + fixed(predicted.store_wavefronts, 2) + "; " +
                       band + ")"};
  return {false, "the kernel's row writes cost " + fixed(stores, 1) + " wavefronts per store on the hardware; " +
                     declared + " gives " + fixed(predicted.store_wavefronts, 1) +
                     ": the kernel does not address its tile through the declared swizzle() (column reads: " +
                     fixed(loads, 2) + " per load, the model " + fixed(predicted.load_wavefronts, 2) + "; " + band +
                     ")"};
}

}  // namespace lab05
