// Lab 04 checker: the student's transpose must be exact on awkward sizes, stay inside its
// output, and be fast because its shared-memory tile is conflict-free.
#include <memlab/bank_patterns.h>
#include <memlab/checker.h>
#include <memlab/counters.h>
#include <memlab/transpose_check.h>

#include <algorithm>
#include <string>
#include <vector>

#include "check_baseline.h"
#include "lab.h"

namespace {
constexpr int kPerfN = 8192;  // 256 MiB per matrix: many times any L2
bool pitch_in_range(int pitch) { return pitch >= 32 && pitch <= 64; }
}  // namespace

TEST_CASE("the tile's layout is sane" * doctest::test_suite("cpu")) {
  const int pitch = transpose_tile_pitch();
  memlab::expect_true("tile_fits", pitch_in_range(pitch),
                      "transpose_tile_pitch() = " + std::to_string(pitch) + " floats");
}

// The model's prediction sits with the counters' measurement: both grade the mechanism.
TEST_CASE("the tile's column read is conflict-free in the bank model" * doctest::test_suite("mechanism")) {
  const int pitch = transpose_tile_pitch();
  if (!pitch_in_range(pitch)) {
    memlab::fail_check("column_read_conflict_free_model", "transpose_tile_pitch() = " + std::to_string(pitch) +
                                                              " is outside 32..64 (see tile_fits)");
    return;
  }
  memlab::bank::TileLayout tile;  // 32 x 32 floats, padded to `pitch`
  tile.pad_elems = pitch - tile.cols;
  int worst = 0;
  for (int c = 0; c < tile.cols; ++c)
    worst = std::max(worst, memlab::bank::count_wavefronts(
                                memlab::bank::tile_access(tile, memlab::bank::TileRead::column, c)));
  memlab::expect_value("column_read_conflict_free_model", memlab::Estimate::exact(worst),
                       std::to_string(worst) + " wavefronts per column read (pitch " + std::to_string(pitch) + " floats)");
}

TEST_CASE("transpose is exact and stays in bounds" * doctest::test_suite("correctness")) {
  const std::vector<memlab::MatrixSize> sizes = {{1, 1},      {1, 37},     {37, 1},     {31, 33},
                                                 {32, 32},    {33, 31},    {64, 96},    {100, 257},
                                                 {257, 100},  {1000, 1000}, {1025, 2047}, {4096, 4096}};
  const memlab::TransposeSizesResult r = memlab::transpose_on_sizes<float>(
      sizes, 1, [](size_t n) { return memlab::inputs().floats(n); }, transpose);
  memlab::expect_true("exact_transpose", r.wrong.empty(),
                      r.wrong.empty() ? std::to_string(sizes.size()) + " sizes from 1x1 to 4096x4096 exact" : r.wrong);
  memlab::expect_true("stays_in_bounds", r.outside.empty(), r.outside);
}

TEST_CASE("transpose is fast" * doctest::test_suite("performance")) {
  memlab::check_transpose_speed<float>(
      {kPerfN, kPerfN}, [](size_t n) { return memlab::inputs().floats(n); }, transpose, baseline_transpose,
      "speedup_vs_starter", "fraction_of_copy_roofline");
}

TEST_CASE("the column read is conflict-free on the hardware" * doctest::test_suite("mechanism")) {
  const int n = 4096;
  memlab::DeviceArray<float> in((size_t)n * n, "in"), out((size_t)n * n, "out");
  in.upload(memlab::inputs().floats((size_t)n * n));
  namespace metric = memlab::counters::metric;
  memlab::expect_counter_ratio(
      "shared_wavefronts_per_load", [&](cudaStream_t st) { transpose(in.data(), out.data(), n, n, st); },
      metric::shared_ld_wavefronts, metric::shared_ld_instructions, "wavefronts per shared load");
}
