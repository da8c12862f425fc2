// Lab 04 checker: the student's transpose must be exact on awkward sizes, stay inside its
// output, and be fast because its shared-memory tile is conflict-free.
#include <memlab/bank_patterns.h>
#include <memlab/checker.h>
#include <memlab/counters.h>

#include <algorithm>
#include <string>
#include <vector>

#include "check_baseline.h"
#include "lab.h"

namespace {

struct Size {
  int rows, cols;
};

std::vector<float> transpose_on_cpu(const std::vector<float>& in, int rows, int cols) {
  std::vector<float> out(in.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) out[(size_t)c * rows + r] = in[(size_t)r * cols + c];
  return out;
}

std::string size_text(Size s) { return std::to_string(s.rows) + "x" + std::to_string(s.cols); }

constexpr int kPerfN = 8192;  // 256 MiB per matrix: many times any L2

}  // namespace

namespace {
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
  const std::vector<Size> sizes = {{1, 1},    {1, 37},    {37, 1},     {31, 33},    {32, 32},     {33, 31},
                                   {64, 96},  {100, 257}, {257, 100},  {1000, 1000}, {1025, 2047}, {4096, 4096}};
  std::string wrong, outside;
  for (Size s : sizes) {
    const size_t n = (size_t)s.rows * s.cols;
    memlab::DeviceArray<float> in(n, "in"), out(n, "out");
    std::vector<float> host = memlab::inputs().floats(n);
    in.upload(host);
    out.poison();
    memlab::run_checked("transpose " + size_text(s),
                        [&](cudaStream_t st) { transpose(in.data(), out.data(), s.rows, s.cols, st); });
    try {
      out.check_guards();
      in.check_guards();
    } catch (const memlab::OutOfBoundsWrite& e) {
      if (outside.empty()) outside = size_text(s) + ": " + e.what();
    }
    auto cmp = memlab::compare_exact(out.download(), transpose_on_cpu(host, s.rows, s.cols));
    if (!cmp.ok() && wrong.empty())
      wrong = size_text(s) + ": " + cmp.summary([&](size_t i) { return memlab::index_2d(i, s.rows, "out"); });
  }
  memlab::expect_true("exact_transpose", wrong.empty(),
                      wrong.empty() ? std::to_string(sizes.size()) + " sizes from 1x1 to 4096x4096 exact" : wrong);
  memlab::expect_true("stays_in_bounds", outside.empty(), outside);
}

TEST_CASE("transpose is fast" * doctest::test_suite("performance")) {
  const size_t n = (size_t)kPerfN * kPerfN;
  memlab::DeviceArray<float> in(n, "in"), out(n, "out");
  std::vector<float> host = memlab::inputs().floats(n);
  in.upload(host);
  auto student = [&](cudaStream_t st) { transpose(in.data(), out.data(), kPerfN, kPerfN, st); };
  auto starter = [&](cudaStream_t st) { baseline_transpose(in.data(), out.data(), kPerfN, kPerfN, st); };

  // Timing a wrong kernel means nothing: check this size first.
  memlab::run_checked("transpose " + std::to_string(kPerfN) + "x" + std::to_string(kPerfN), student);
  auto cmp = memlab::compare_exact(out.download(), transpose_on_cpu(host, kPerfN, kPerfN));
  if (!cmp.ok()) {
    const std::string why = "not timed: the transpose is wrong at 8192x8192 (" +
                            cmp.summary([](size_t i) { return memlab::index_2d(i, kPerfN, "out"); }) + ")";
    memlab::fail_check("speedup_vs_starter", why);
    memlab::fail_check("fraction_of_copy_roofline", why);
    return;
  }

  memlab::expect_speedup("speedup_vs_starter", starter, student);
  memlab::expect_roofline_fraction("fraction_of_copy_roofline", student, 2.0 * n * sizeof(float),
                                   memlab::copy_roofline(), "copy");
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
