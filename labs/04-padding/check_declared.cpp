#include "check_declared.h"

#include <memlab/bank_patterns.h>

#include <cmath>
#include <cstdio>

namespace lab04 {

namespace bank = memlab::bank;

TileTraffic predict_tile_traffic(int pitch) {
  bank::TileLayout tile;  // 32 x 32 floats
  tile.pad_elems = pitch - tile.cols;
  TileTraffic traffic;
  for (int i = 0; i < tile.rows; ++i) {
    traffic.store_wavefronts +=
        bank::count_wavefronts(bank::tile_access(tile, bank::TileRead::row, i, bank::MemoryOp::store));
    traffic.load_wavefronts += bank::count_wavefronts(bank::tile_access(tile, bank::TileRead::column, i));
  }
  traffic.store_wavefronts /= tile.rows;
  traffic.load_wavefronts /= tile.cols;
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

Agreement judge_declared_pitch(int declared_pitch, const MeasuredTraffic& m) {
  const double expected = double(m.n) * m.n / 32;
  const std::string pitch = "the pitch transpose_tile_pitch() declares (" + std::to_string(declared_pitch) + ")";
  if (m.load_instructions != expected || m.store_instructions != expected)
    return {false, "the kernel issued " + fixed(m.load_instructions, 0) + " shared loads and " +
                       fixed(m.store_instructions, 0) + " shared stores for a " + std::to_string(m.n) + "x" +
                       std::to_string(m.n) +
                       " transpose; a tile written by rows and read by columns, one float per "
                       "lane, issues " +
                       fixed(expected, 0) + " of each, which is what " + pitch +
                       " is modelled on: the kernel's shared traffic is not that tile's"};
  const TileTraffic predicted = predict_tile_traffic(declared_pitch);
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
                      " per shared store on the hardware; " + pitch + " gives " + fixed(predicted.load_wavefronts, 2) +
                      " and " + fixed(predicted.store_wavefronts, 2) + " in the bank model (" + band + ")"};
  if (!loads_agree)
    return {false, "the kernel's column reads cost " + fixed(loads, 1) + " wavefronts per load on the hardware; " +
                       pitch + " gives " + fixed(predicted.load_wavefronts, 1) +
                       ": the declared pitch is not the kernel's (row writes: " + fixed(stores, 2) +
                       " per store, the model " + fixed(predicted.store_wavefronts, 2) + "; " + band + ")"};
  return {
      false,
      "the kernel's row writes cost " + fixed(stores, 1) + " wavefronts per store on the hardware; " + pitch +
          " gives " + fixed(predicted.store_wavefronts, 1) +
          ": the declared pitch is not the kernel's, or the kernel does not write the tile by rows (column reads: " +
          fixed(loads, 2) + " per load, the model " + fixed(predicted.load_wavefronts, 2) + "; " + band + ")"};
}

}  // namespace lab04
