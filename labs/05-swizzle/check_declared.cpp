#include "check_declared.h"

#include <memlab/bilingual.h>

namespace lab05 {

namespace bank = memlab::bank;

TileTraffic predict_tile_traffic(const TileIndex& index) {
  TileTraffic traffic;
  traffic.store_wavefronts = mean_wavefronts(index, bank::TileRead::row, 4, bank::MemoryOp::store);
  traffic.load_wavefronts = mean_wavefronts(index, bank::TileRead::column, 4, bank::MemoryOp::load);
  return traffic;
}

Agreement judge_declared_swizzle(const TileIndex& index, const MeasuredTraffic& m) {
  return memlab::judge_declared_tile(
      memlab::bilingual("the swizzle() transpose.cu declares", "transpose.cu 声明的 swizzle()"),
      memlab::bilingual("the kernel does not address its tile through the declared swizzle()",
                        "核函数并没有通过声明的 swizzle() 给 tile 定址"),
      predict_tile_traffic(index), m);
}

}  // namespace lab05
