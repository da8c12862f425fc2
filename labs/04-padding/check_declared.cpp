#include "check_declared.h"

#include <memlab/bank_patterns.h>
#include <memlab/bilingual.h>

#include <fmt/format.h>

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

Agreement judge_declared_pitch(int declared_pitch, const MeasuredTraffic& m) {
  return memlab::judge_declared_tile(
      memlab::bilingual(fmt::format("the pitch transpose_tile_pitch() declares ({})", declared_pitch),
                        fmt::format("transpose_tile_pitch() 声明的行距（{}）", declared_pitch)),
      memlab::bilingual("the declared pitch is not the kernel's", "声明的行距不是核函数实际使用的行距"),
      predict_tile_traffic(declared_pitch), m);
}

}  // namespace lab04
