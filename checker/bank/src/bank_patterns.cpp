#include "memlab/bank_patterns.h"

#include <algorithm>
#include <stdexcept>

namespace memlab::bank {
namespace {

// Takes 64 bits so that a huge stride reports its real offset instead of wrapping.
std::uint32_t checked_offset(int lane, std::uint64_t offset, int width_bytes) {
  if (auto problem = find_offset_problem(lane, offset, width_bytes)) throw std::invalid_argument(*problem);
  return static_cast<std::uint32_t>(offset);
}

void require_width(int elem_bytes) {
  if (!is_supported_width(elem_bytes))
    throw std::invalid_argument("element size " + std::to_string(elem_bytes) + " is not one of 1, 2, 4, 8, 16 bytes");
}

bool is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

// Elements that share one 32-bit word: the swizzle moves whole words.
int elems_per_word(int elem_bytes) { return std::max(1, kBankWidthBytes / elem_bytes); }

}  // namespace

WarpAccess stride_access(int elem_bytes, int stride_elems, MemoryOp op, std::uint32_t base_bytes) {
  require_width(elem_bytes);
  if (stride_elems < 0)
    throw std::invalid_argument("stride must be 0 or more elements, not " + std::to_string(stride_elems));
  WarpAccess access;
  access.width_bytes = elem_bytes;
  access.op = op;
  for (int lane = 0; lane < kWarpSize; ++lane)
    access.byte_address[lane] = checked_offset(
        lane, base_bytes + std::uint64_t(lane) * std::uint64_t(stride_elems) * std::uint64_t(elem_bytes), elem_bytes);
  return access;
}

std::optional<std::string> find_problem(const TileLayout& tile) {
  if (!is_supported_width(tile.elem_bytes))
    return "element size " + std::to_string(tile.elem_bytes) + " is not one of 1, 2, 4, 8, 16 bytes";
  if (tile.rows < 1 || tile.cols < 1) return "a tile needs at least one row and one column";
  if (tile.pad_elems < 0) return "padding cannot be negative";
  const std::uint64_t bytes =
      std::uint64_t(tile.rows) * std::uint64_t(tile.pitch_elems()) * std::uint64_t(tile.elem_bytes);
  if (bytes > kMaxSharedBytes)
    return "the tile needs " + std::to_string(bytes) + " bytes, more than the largest shared memory of an SM (" +
           std::to_string(kMaxSharedBytes) + " bytes)";
  if (tile.swizzle == TileSwizzle::xor_row) {
    const int g = elems_per_word(tile.elem_bytes);
    if (tile.cols % g != 0 || !is_power_of_two(tile.cols / g))
      return "the XOR swizzle needs the row's width in 32-bit words (" + std::to_string(tile.cols) + " columns of " +
             std::to_string(tile.elem_bytes) + " bytes) to be a power of two";
  }
  return std::nullopt;
}

int stored_column(const TileLayout& tile, int row, int col) {
  if (tile.swizzle == TileSwizzle::none) return col;
  const int g = elems_per_word(tile.elem_bytes);
  const int words_per_row = tile.cols / g;
  return ((col / g) ^ (row % words_per_row)) * g + col % g;
}

std::uint32_t tile_offset_bytes(const TileLayout& tile, int row, int col) {
  const std::uint64_t element =
      std::uint64_t(row) * std::uint64_t(tile.pitch_elems()) + std::uint64_t(stored_column(tile, row, col));
  return static_cast<std::uint32_t>(element * std::uint64_t(tile.elem_bytes));  // fits: find_problem bounds the tile
}

WarpAccess tile_access(const TileLayout& tile, TileRead read, int index, MemoryOp op) {
  if (auto problem = find_problem(tile)) throw std::invalid_argument(*problem);
  const int extent = read == TileRead::row ? tile.rows : tile.cols;
  if (index < 0 || index >= extent)
    throw std::invalid_argument(std::string(read == TileRead::row ? "row " : "column ") + std::to_string(index) +
                                " is outside the tile (0.." + std::to_string(extent - 1) + ")");
  WarpAccess access;
  access.width_bytes = tile.elem_bytes;
  access.op = op;
  access.active_mask = 0;
  const int lanes = std::min(kWarpSize, read == TileRead::row ? tile.cols : tile.rows);
  for (int lane = 0; lane < lanes; ++lane) {
    const int row = read == TileRead::row ? index : lane;
    const int col = read == TileRead::row ? lane : index;
    access.byte_address[lane] = tile_offset_bytes(tile, row, col);
    access.active_mask |= 1u << lane;
  }
  return access;
}

WarpAccess with_mask(WarpAccess access, std::uint32_t mask) {
  access.active_mask = mask;
  return access;
}

WarpAccess as_store(WarpAccess access) {
  access.op = MemoryOp::store;
  return access;
}

}  // namespace memlab::bank
