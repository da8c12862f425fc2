#include "check_column_model.h"

#include <memlab/bank_patterns.h>

#include <algorithm>

namespace lab04 {

namespace bank = memlab::bank;

int model_column_read_wavefronts(int pitch) {
  bank::TileLayout tile;  // 32 x 32 floats, padded to `pitch`
  tile.pad_elems = pitch - tile.cols;
  int worst = 0;
  for (int c = 0; c < tile.cols; ++c)
    worst = std::max(worst, bank::count_wavefronts(bank::tile_access(tile, bank::TileRead::column, c)));
  return worst;
}

}  // namespace lab04
