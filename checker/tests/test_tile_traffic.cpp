// The tile traffic of memlab/tile_traffic.h and the declared-tile judge built on it: values per
// 32 elements, the floor that every element passes through the tile, and the worse side.
#include <doctest/doctest.h>

#include <string>

#include "memlab/bilingual.h"
#include "memlab/declared_agreement.h"
#include "memlab/tile_traffic.h"

using namespace memlab;

namespace {

// One n x n transpose with `loads` and `stores` wavefronts per 32 elements, one access of
// `access_bytes` per lane (so the instructions follow from the width).
MeasuredTileTraffic traffic(int element_bytes, double loads, double stores, int access_bytes) {
  MeasuredTileTraffic m;
  m.n = 1024;
  m.element_bytes = element_bytes;
  const double warps = m.elements() / 32;
  m.load_wavefronts = loads * warps;
  m.store_wavefronts = stores * warps;
  m.load_instructions = m.store_instructions = warps * element_bytes / access_bytes;
  return m;
}

}  // namespace

TEST_CASE("tile traffic is counted per 32 elements, whatever the access width") {
  const MeasuredTileTraffic scalar = traffic(4, 1, 1, 4), vector = traffic(4, 1, 1, 16);
  CHECK(scalar.loads_per_warp() == doctest::Approx(1));
  CHECK(vector.loads_per_warp() == doctest::Approx(1));  // a quarter of the instructions, 4 wavefronts each
  CHECK(tile_use_problem(scalar).empty());
  CHECK(tile_use_problem(vector).empty());
  // The floor is 128 bytes per wavefront: 1 per 32 floats, 0.5 per 32 halves, 4 per 32 float4.
  CHECK(traffic(4, 1, 1, 4).least_per_warp() == 1);
  CHECK(traffic(2, 1, 1, 2).least_per_warp() == 0.5);
  CHECK(traffic(16, 4, 4, 16).least_per_warp() == 4);
  CHECK(tile_use_problem(traffic(2, 0.5, 0.5, 4)).empty());  // halves moved as half2: at the floor
  CHECK(tile_use_problem(traffic(16, 4.3, 4, 16)).empty());
}

TEST_CASE("a kernel that moves part of its elements past the tile is caught") {
  const std::string problem = tile_use_problem(traffic(4, 0.5, 1, 4));
  REQUIRE_FALSE(problem.empty());
  CHECK(std::string(english_part(problem)).find("through a shared tile") != std::string::npos);
  CHECK_FALSE(std::string(chinese_part(problem)).empty());
  CHECK_FALSE(tile_use_problem(traffic(4, 1, 0, 4)).empty());    // no stores: the tile is never written
  CHECK_FALSE(tile_use_problem(traffic(16, 3, 4, 16)).empty());  // float4 under 4 per 32 elements
  CHECK(tile_use_problem(traffic(4, 0.96, 1, 4)).empty());       // within the 5 % allowance
}

TEST_CASE("the worse side is graded: a conflict in the stores counts as one in the loads") {
  CHECK(worse_side_per_warp(traffic(4, 32, 1, 4)) == doctest::Approx(32));
  CHECK(worse_side_per_warp(traffic(4, 1, 32, 4)) == doctest::Approx(32));
  // Broadcast loads beside a 2-way read add wavefronts: 2 + 3 per 32 halves, never fewer.
  CHECK(worse_side_per_warp(traffic(2, 2 + 3, 1, 2)) == doctest::Approx(5));
}

TEST_CASE("the declared-tile judge reads both sides per 32 elements, in both languages") {
  const TileTraffic conflict_free{1, 1}, column_conflict{1, 32};
  const std::string declared = bilingual("the pitch (33)", "行距（33）");
  const std::string not_it = bilingual("not the kernel's", "不是核函数的");
  CHECK(judge_declared_tile(declared, not_it, conflict_free, traffic(4, 1.1, 1.03, 4)).ok);
  CHECK(judge_declared_tile(declared, not_it, conflict_free, traffic(4, 1.1, 1.03, 16)).ok);  // float4 stores
  const DeclaredAgreement lie = judge_declared_tile(declared, not_it, conflict_free, traffic(4, 32.4, 1, 4));
  CHECK_FALSE(lie.ok);
  CHECK(std::string(english_part(lie.text)).find("not the kernel's") != std::string::npos);
  CHECK(std::string(chinese_part(lie.text)).find("不是核函数的") != std::string::npos);
  CHECK(judge_declared_tile(declared, not_it, column_conflict, traffic(4, 32.4, 1, 4)).ok);
  CHECK_FALSE(judge_declared_tile(declared, not_it, conflict_free, traffic(4, 1, 2, 4)).ok);      // stores
  CHECK_FALSE(judge_declared_tile(declared, not_it, conflict_free, traffic(4, 0.5, 0.5, 4)).ok);  // no tile
}
