// Lab 07 checker. On the CPU: the student's wavefront predictions for 2-byte access patterns
// agree with the course's bank model. On the GPU: the half-precision transpose is exact on
// awkward sizes, stays in bounds, is no slower than the starter and close to a copy, and the
// counters show one wavefront per shared load (the starter's [64][65] tile shows two).
#include <memlab/bilingual.h>
#include <memlab/checker.h>
#include <memlab/counters.h>
#include <memlab/transpose_check.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "check_baseline.h"
#include "check_patterns.h"
#include "lab.h"
#include "student_proxy.h"
#include "lab_checks.h"

namespace {

using Bits = std::uint16_t;  // a half moved as its raw 16-bit pattern

using memlab::MatrixSize;

__half* as_half(Bits* p) { return reinterpret_cast<__half*>(p); }
const __half* as_half(const Bits* p) { return reinterpret_cast<const __half*>(p); }

// The student's transpose and the starter's on raw 16-bit payloads, and fresh payloads.
void student_transpose(const Bits* in, Bits* out, int rows, int cols, cudaStream_t st) {
  student::transpose(as_half(in), as_half(out), rows, cols, st);
}
void starter_transpose(const Bits* in, Bits* out, int rows, int cols, cudaStream_t st) {
  baseline_transpose(as_half(in), as_half(out), rows, cols, st);
}
std::vector<Bits> payloads(size_t n) { return memlab::inputs().bits16(n); }  // never the 0xFFFF poison

// 256 MiB per matrix, many times any L2; not square, so swapped rows and cols show.
constexpr MatrixSize kPerf{lab::param::perf_rows, lab::param::perf_cols};
// Counters need a full GPU's worth of tiles, not DRAM-sized buffers; a multiple of 64, so every
// column read is a whole warp.
constexpr MatrixSize kMech{lab::param::counter_side, lab::param::counter_side};

}  // namespace

// cpu: the predictions are answers at all (1..32 wavefronts for a 4-byte-bank warp of halves).
TEST_CASE("wavefront predictions are well formed" * doctest::test_suite("cpu")) {
  const std::vector<lab07::HalfPattern> patterns = lab07::prediction_patterns(memlab::inputs().next_u64());
  std::string bad;
  for (const lab07::HalfPattern& p : patterns) {
    const int got = student::predicted_wavefronts(p.half_index.data());
    if ((got < 1 || got > 32) && bad.empty())
      bad = memlab::bilingual(fmt::format("{}: predicted_wavefronts() returned {}", p.name, got),
                              fmt::format("{}：predicted_wavefronts() 返回了 {}", p.name_zh, got));
  }
  memlab::expect_true(lab::check::predictions_well_formed, bad.empty(),
                      bad.empty()
                          ? memlab::bilingual(fmt::format("{} patterns, every answer in 1..32", patterns.size()),
                                              fmt::format("{} 个模式，每个答案都在 1..32 之内", patterns.size()))
                          : bad);
}

// cpu, kind mechanism: the predictions are right. The lesson's reasoning, which the starter's
// float rule gets wrong, graded without a GPU.
TEST_CASE("wavefront predictions for 2-byte loads match the bank model" * doctest::test_suite("cpu")) {
  const std::vector<lab07::HalfPattern> patterns = lab07::prediction_patterns(memlab::inputs().next_u64());
  size_t right = 0;
  int shown = 0;
  std::string wrong_en, wrong_zh;
  for (const lab07::HalfPattern& p : patterns) {
    const int want = lab07::model_wavefronts(p);
    const int got = student::predicted_wavefronts(p.half_index.data());
    if (got == want) {
      ++right;
    } else if (shown++ < 3) {
      wrong_en += fmt::format("; {}: you say {}, the model says {}", p.name, got, want);
      wrong_zh += fmt::format("；{}：你的答案是 {}，bank 模型给出 {}", p.name_zh, got, want);
    }
  }
  memlab::expect_true(lab::check::predictions_match_bank_model, right == patterns.size(),
                      memlab::bilingual(fmt::format("{} of {} patterns right{}", right, patterns.size(), wrong_en),
                                        fmt::format("{} 个模式中有 {} 个正确{}", patterns.size(), right, wrong_zh)));
}

TEST_CASE("transpose is exact and stays in bounds" * doctest::test_suite("correctness")) {
  const std::vector<MatrixSize> sizes = {{1, 1},
                                         {1, 77},
                                         {77, 1},
                                         {2, 3},
                                         {63, 65},
                                         {64, 64},
                                         {65, 63},
                                         {100, 257},
                                         {257, 100},
                                         {129, 4099},
                                         {1000, 1000},
                                         {1025, 2047},
                                         {lab::param::largest_exact_side, lab::param::largest_exact_side}};
  const memlab::TransposeSizesResult r = memlab::transpose_on_sizes<Bits>(sizes, 1, payloads, student_transpose);
  memlab::expect_exact_on_sizes(lab::check::exact_transpose, lab::check::stays_in_bounds, r, sizes);
}

TEST_CASE("transpose is as fast as before" * doctest::test_suite("performance")) {
  memlab::check_transpose_speed<Bits>(kPerf, student_transpose, starter_transpose, lab::check::speedup_vs_starter,
                                      lab::check::fraction_of_copy_roofline);
}

// Judged on the work, wavefronts per 32 halves (memlab/tile_traffic.h), the worse of the column
// reads and the row writes: added broadcasts cannot dilute the conflict, and the same 2-way
// conflict moved from the loads into the stores still shows. Halves moved two per lane (half2)
// take 0.5; the floor, 64 halves per 128-byte wavefront, is what tile_use_problem holds them to.
TEST_CASE("the tile is conflict-free on the hardware" * doctest::test_suite("mechanism")) {
  constexpr memlab::CheckId id = lab::check::shared_load_wavefronts_per_instruction;
  // The starter's tile is measured too (first: without counters both are skipped alike), so the
  // report shows the lesson's two numbers side by side.
  memlab::MeasuredTileTraffic starter, student;
  if (!memlab::measure_tile_traffic<Bits>(id, kMech.rows, starter_transpose, starter)) return;
  if (!memlab::measure_tile_traffic<Bits>(id, kMech.rows, student_transpose, student)) return;
  const std::string starter_text = memlab::bilingual(
      fmt::format("; the starter's [64][65] tile: {:.3f} load and {:.3f} store wavefronts per 32 elements",
                  starter.loads_per_warp(), starter.stores_per_warp()),
      fmt::format("；起始代码的 [64][65] tile：每 32 个元素 {:.3f} 个加载 wavefront、{:.3f} 个写入 wavefront",
                  starter.loads_per_warp(), starter.stores_per_warp()));
  memlab::expect_tile_traffic(id, student, starter_text);
}
