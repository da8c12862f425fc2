#pragma once
// Constructors for the warp access patterns the course talks about: strided lanes and the
// row or column of a 2-D shared tile (padded or XOR-swizzled). Each throws
// std::invalid_argument with a readable reason when the pattern cannot exist (an offset past
// the largest shared memory, an index outside the tile, a swizzle the tile cannot take).
#include <cstdint>
#include <optional>
#include <string>

#include "memlab/bank_model.h"

namespace memlab::bank {

// Lane i accesses element i*stride_elems of an array of elem_bytes-sized elements that
// starts at base_bytes (a multiple of elem_bytes). Stride 0 is a broadcast.
WarpAccess stride_access(int elem_bytes, int stride_elems, MemoryOp op = MemoryOp::load, std::uint32_t base_bytes = 0);

// Lane i -> offset_of(i) bytes, every lane active: the general pattern builder.
template <class OffsetOf>
WarpAccess lanes_at(int width_bytes, OffsetOf offset_of, MemoryOp op = MemoryOp::load) {
  WarpAccess access;
  access.width_bytes = width_bytes;
  access.op = op;
  for (int lane = 0; lane < kWarpSize; ++lane) access.byte_address[lane] = static_cast<std::uint32_t>(offset_of(lane));
  return access;
}

// The same access with only the lanes of `mask` active, or as a store.
WarpAccess with_mask(WarpAccess access, std::uint32_t mask);
WarpAccess as_store(WarpAccess access);

enum class TileRead { row, column };
enum class TileSwizzle { none, xor_row };

// A rows x cols tile of elem_bytes elements stored row-major with pad_elems unused elements
// after each row (row pitch = cols + pad_elems).
//
// xor_row swizzle: the element (row, col) is stored in column
//   ((col / g) ^ (row % (cols / g))) * g + col % g,   g = max(1, 4 / elem_bytes)
// i.e. the row is XORed into the column counted in 32-bit words (g elements share a word),
// so a whole word moves and two halves of one word stay together. For 4-byte elements this
// is the familiar col ^ row of a 32x32 float tile. It needs cols / g to be a power of two,
// so that the XOR stays inside the row, and makes each row a permutation of itself.
struct TileLayout {
  int rows = 32;
  int cols = 32;
  int pad_elems = 0;
  int elem_bytes = 4;
  TileSwizzle swizzle = TileSwizzle::none;

  int pitch_elems() const { return cols + pad_elems; }
};

std::optional<std::string> find_problem(const TileLayout& tile);
// The column where element (row, col) is stored: col itself, or its swizzled place.
int stored_column(const TileLayout& tile, int row, int col);
std::uint32_t tile_offset_bytes(const TileLayout& tile, int row, int col);

// A warp reading (or writing) one row (lane i -> column i) or one column (lane i -> row i)
// of the tile; lanes past the tile's edge are inactive.
WarpAccess tile_access(const TileLayout& tile, TileRead read, int index, MemoryOp op = MemoryOp::load);

}  // namespace memlab::bank
