#include "check_swizzle_model.h"

#include <memlab/bilingual.h>

#include <fmt/format.h>

#include <vector>

namespace lab05 {

namespace bank = memlab::bank;

std::string row_permutation_problem(const TileIndex& index) {
  for (int row = 0; row < kTileDim; ++row) {
    const int first = row * kTileDim;
    std::vector<int> column_at(kTileDim, -1);  // which column took each slot of the row
    for (int col = 0; col < kTileDim; ++col) {
      const int slot = index(row, col);
      const std::string call = fmt::format("({}, {}) = {}", row, col, slot);
      if (slot < first || slot >= first + kTileDim)
        return memlab::bilingual(
            fmt::format("{} is outside row {}'s slots {}..{}", call, row, first, first + kTileDim - 1),
            fmt::format("{} 不在第 {} 行的槽位 {}..{} 之内", call, row, first, first + kTileDim - 1));
      int& owner = column_at[slot - first];
      if (owner >= 0)
        return memlab::bilingual(
            fmt::format("{}, the slot of ({}, {}) too: two elements would share it", call, row, owner),
            fmt::format("{}，它也是 ({}, {}) 的槽位：两个元素会共用这个槽位", call, row, owner));
      owner = col;
    }
  }
  return "";
}

namespace {

bank::WarpAccess tile_warp(const TileIndex& index, bank::TileRead read, int line, int elem_bytes,
                           bank::MemoryOp op = bank::MemoryOp::load) {
  bank::WarpAccess access;
  access.width_bytes = elem_bytes;
  access.op = op;
  for (int lane = 0; lane < bank::kWarpSize; ++lane) {
    const int slot = read == bank::TileRead::row ? index(line, lane) : index(lane, line);
    access.byte_address[lane] = static_cast<std::uint32_t>(slot) * static_cast<std::uint32_t>(elem_bytes);
  }
  return access;
}

}  // namespace

WorstWarp worst_warp(const TileIndex& index, bank::TileRead read, int elem_bytes) {
  WorstWarp worst;
  worst.read = read;
  worst.elem_bytes = elem_bytes;
  worst.ideal = bank::phases_for_width(elem_bytes);
  for (int line = 0; line < kTileDim; ++line) {
    const bank::AccessResult result = bank::analyze(tile_warp(index, read, line, elem_bytes));
    if (line > 0 && result.wavefronts <= worst.wavefronts) continue;
    worst.index = line;
    worst.wavefronts = result.wavefronts;
    worst.words_in_crowded_bank = 0;
    for (const bank::PhaseResult& phase : result.phases)
      for (int b = 0; b < bank::kBankCount; ++b)
        if (static_cast<int>(phase.banks[b].size()) > worst.words_in_crowded_bank) {
          worst.crowded_bank = b;
          worst.words_in_crowded_bank = static_cast<int>(phase.banks[b].size());
        }
  }
  return worst;
}

std::string tile_range_problem(const TileIndex& index) {
  for (int row = 0; row < kTileDim; ++row)
    for (int col = 0; col < kTileDim; ++col) {
      const int slot = index(row, col);
      if (slot < 0 || slot >= kTileDim * kTileDim)
        return memlab::bilingual(
            fmt::format("({}, {}) = {} is outside the tile's slots 0..{}", row, col, slot, kTileDim * kTileDim - 1),
            fmt::format("({}, {}) = {} 不在 tile 的槽位 0..{} 之内", row, col, slot, kTileDim * kTileDim - 1));
    }
  return "";
}

double mean_wavefronts(const TileIndex& index, bank::TileRead read, int elem_bytes, bank::MemoryOp op) {
  double total = 0;
  for (int line = 0; line < kTileDim; ++line)
    total += bank::count_wavefronts(tile_warp(index, read, line, elem_bytes, op));
  return total / kTileDim;
}

std::string WorstWarp::describe() const {
  const bool by_row = read == bank::TileRead::row;
  const std::string lines = by_row ? "row" : "column";
  const std::string access = fmt::format("({}-byte accesses)", elem_bytes);
  if (conflict_free())
    return memlab::bilingual(
        fmt::format("every {} warp takes {} wavefront{}, the ideal {}", lines, ideal, ideal == 1 ? "" : "s", access),
        fmt::format("每个{}的 warp 都用 {} 个 wavefront，正是理想值（{} 字节访问）", by_row ? "访问一行" : "访问一列",
                    ideal, elem_bytes));
  return memlab::bilingual(
      fmt::format("{} {} takes {} wavefronts {}, ideal {}: in one phase, bank {} holds {} different words", lines,
                  index, wavefronts, access, ideal, crowded_bank, words_in_crowded_bank),
      fmt::format("访问第 {} {}的 warp 用了 {} 个 wavefront（{} 字节访问），理想值是 {}：在一个阶段中，bank {} 里有 {} "
                  "个不同的字被访问",
                  index, by_row ? "行" : "列", wavefronts, elem_bytes, ideal, crowded_bank, words_in_crowded_bank));
}

}  // namespace lab05
