#include "check_declared.h"

namespace lab05 {

namespace bank = memlab::bank;

TileTraffic predict_tile_traffic(const TileIndex& index) {
  TileTraffic traffic;
  traffic.store_wavefronts = mean_wavefronts(index, bank::TileRead::row, 4, bank::MemoryOp::store);
  traffic.load_wavefronts = mean_wavefronts(index, bank::TileRead::column, 4, bank::MemoryOp::load);
  return traffic;
}

Agreement judge_declared_swizzle(const TileIndex& index, const MeasuredTraffic& m) {
  return memlab::judge_declared_tile("the swizzle() transpose.cu declares",
                                     "the kernel does not address its tile through the declared swizzle()",
                                     predict_tile_traffic(index), m);
}

}  // namespace lab05
