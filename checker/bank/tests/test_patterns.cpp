// Pattern constructors: strides, padded and XOR-swizzled tiles.
#include <doctest/doctest.h>

#include <set>
#include <stdexcept>

#include "memlab/bank_patterns.h"

namespace memlab::bank {
namespace {

TEST_SUITE("patterns") {
  TEST_CASE("stride_access places lane i at element i*stride") {
    const WarpAccess access = stride_access(8, 3, MemoryOp::store, 64);
    CHECK(access.width_bytes == 8);
    CHECK(access.op == MemoryOp::store);
    CHECK(access.active_mask == kAllLanes);
    CHECK(access.byte_address[0] == 64);
    CHECK(access.byte_address[5] == 64 + 5 * 3 * 8);
  }

  TEST_CASE("stride_access refuses what cannot exist") {
    CHECK_THROWS_AS(stride_access(3, 1), std::invalid_argument);
    CHECK_THROWS_AS(stride_access(4, -1), std::invalid_argument);
    CHECK_THROWS_AS(stride_access(4, 1, MemoryOp::load, 2), std::invalid_argument);  // misaligned base
    CHECK_THROWS_WITH_AS(stride_access(16, 2000), doctest::Contains("beyond"), std::invalid_argument);
    CHECK_THROWS_AS(stride_access(16, 1 << 30), std::invalid_argument);  // no 32-bit wrap-around
  }

  TEST_CASE("float tile transpose: the column read conflicts 32 ways unless padded or swizzled") {
    const TileLayout plain{32, 32, 0, 4, TileSwizzle::none};
    const TileLayout padded{32, 32, 1, 4, TileSwizzle::none};
    const TileLayout padded2{32, 32, 2, 4, TileSwizzle::none};
    const TileLayout swizzled{32, 32, 0, 4, TileSwizzle::xor_row};
    for (int col = 0; col < 32; ++col) {
      CAPTURE(col);
      CHECK(count_wavefronts(tile_access(plain, TileRead::column, col)) == 32);
      CHECK(count_wavefronts(tile_access(padded, TileRead::column, col)) == 1);
      CHECK(count_wavefronts(tile_access(padded2, TileRead::column, col)) == 2);
      CHECK(count_wavefronts(tile_access(swizzled, TileRead::column, col)) == 1);
      CHECK(count_wavefronts(tile_access(swizzled, TileRead::row, col)) == 1);
      CHECK(count_wavefronts(tile_access(padded, TileRead::row, col)) == 1);
    }
    CHECK(tile_offset_bytes(swizzled, 3, 5) == (3 * 32 + (5 ^ 3)) * 4);
  }

  TEST_CASE("half tiles: [64][65] still conflicts, [64][66] and the word-level swizzle do not") {
    const auto column_ways = [](int pad, TileSwizzle swizzle) {
      return analyze(tile_access(TileLayout{64, 64, pad, 2, swizzle}, TileRead::column, 0)).ways;
    };
    CHECK(column_ways(0, TileSwizzle::none) == 32);
    CHECK(column_ways(1, TileSwizzle::none) == 2);
    CHECK(column_ways(2, TileSwizzle::none) == 1);
    CHECK(column_ways(0, TileSwizzle::xor_row) == 1);
  }

  TEST_CASE("the XOR swizzle permutes every row and keeps a word's elements together") {
    for (int elem : {1, 2, 4, 8, 16}) {
      const int cols = elem < 4 ? 128 / elem : 32;
      const TileLayout tile{32, cols, 0, elem, TileSwizzle::xor_row};
      REQUIRE_FALSE(find_problem(tile).has_value());
      for (int row = 0; row < tile.rows; ++row) {
        std::set<int> stored;
        for (int col = 0; col < cols; ++col) {
          const int s = stored_column(tile, row, col);
          CHECK(s >= 0);
          CHECK(s < cols);
          stored.insert(s);
          if (elem < 4) CHECK(s % (4 / elem) == col % (4 / elem));
        }
        CHECK(static_cast<int>(stored.size()) == cols);
      }
    }
  }

  TEST_CASE("wide-element swizzled tiles are conflict-free per phase") {
    const AccessResult doubles =
        analyze(tile_access(TileLayout{32, 32, 0, 8, TileSwizzle::xor_row}, TileRead::column, 3));
    CHECK(doubles.wavefronts == 2);
    CHECK(doubles.ways == 1);
    const AccessResult vec4 = analyze(tile_access(TileLayout{32, 8, 0, 16, TileSwizzle::xor_row}, TileRead::column, 3));
    CHECK(vec4.wavefronts == 4);
    CHECK(vec4.ways == 1);
  }

  TEST_CASE("tile reads past the edge leave lanes inactive") {
    const WarpAccess access = tile_access(TileLayout{16, 16, 0, 4, TileSwizzle::none}, TileRead::row, 2);
    CHECK(access.active_mask == 0x0000ffffu);
    CHECK(access.byte_address[15] == (2 * 16 + 15) * 4);
  }

  TEST_CASE("tile problems are explained") {
    CHECK(find_problem(TileLayout{32, 24, 0, 4, TileSwizzle::xor_row}).value_or("").find("power of two") !=
          std::string::npos);
    CHECK(find_problem(TileLayout{32, 33, 0, 2, TileSwizzle::xor_row}).has_value());
    CHECK(find_problem(TileLayout{0, 32, 0, 4, TileSwizzle::none}).has_value());
    CHECK(find_problem(TileLayout{32, 32, -1, 4, TileSwizzle::none}).has_value());
    CHECK(find_problem(TileLayout{32, 32, 0, 5, TileSwizzle::none}).has_value());
    CHECK(find_problem(TileLayout{1024, 1024, 0, 4, TileSwizzle::none}).value_or("").find("bytes") !=
          std::string::npos);
    CHECK_THROWS_AS(tile_access(TileLayout{32, 32, 0, 4, TileSwizzle::none}, TileRead::column, 32),
                    std::invalid_argument);
    CHECK_THROWS_AS(tile_access(TileLayout{32, 32, 0, 4, TileSwizzle::none}, TileRead::row, -1), std::invalid_argument);
  }
}

}  // namespace
}  // namespace memlab::bank
