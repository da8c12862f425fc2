// Lab 04 checker. On the CPU: the student's predictions of the column read's wavefronts agree
// with the course's bank model, and the tile's own pitch makes that read conflict-free in the
// model. On the GPU: the transpose is exact on awkward sizes, stays inside its output, and is
// fast because its shared-memory tile is conflict-free (the counters say so).
#include <memlab/bilingual.h>
#include <memlab/checker.h>
#include <memlab/counters.h>
#include <memlab/transpose_check.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "check_baseline.h"
#include "check_column_model.h"
#include "check_declared.h"
#include "lab.h"
#include "student_proxy.h"
#include "lab_checks.h"

namespace {
constexpr int kPerfN = lab::param::perf_side;  // 256 MiB per matrix: many times any L2
bool pitch_in_range(int pitch) { return pitch >= lab::param::min_pitch && pitch <= lab::param::max_pitch; }
const std::string kPitchRange = fmt::format("{}..{}", lab::param::min_pitch, lab::param::max_pitch);
}  // namespace

TEST_CASE("the tile's layout is sane" * doctest::test_suite("cpu")) {
  const int pitch = student::transpose_tile_pitch();
  memlab::expect_true(lab::check::tile_fits, pitch_in_range(pitch),
                      memlab::bilingual(fmt::format("transpose_tile_pitch() = {} floats", pitch),
                                        fmt::format("transpose_tile_pitch() = {} 个 float", pitch)));
}

// cpu: the predictions are answers at all (a 4-byte warp access takes 1..32 wavefronts).
TEST_CASE("column-read predictions are well formed" * doctest::test_suite("cpu")) {
  std::string bad, pitches;
  for (int pitch : lab04::kPredictedPitches) {
    pitches += fmt::format("{}{}", pitches.empty() ? "" : ", ", pitch);
    const int got = student::predicted_column_read_wavefronts(pitch);
    if ((got < 1 || got > 32) && bad.empty())
      bad = memlab::bilingual(fmt::format("predicted_column_read_wavefronts({}) returned {}", pitch, got),
                              fmt::format("predicted_column_read_wavefronts({}) 返回了 {}", pitch, got));
  }
  memlab::expect_true(lab::check::predictions_well_formed, bad.empty(),
                      bad.empty() ? memlab::bilingual("pitches " + pitches + ": every answer in 1..32",
                                                      "行距 " + pitches + "：每个答案都在 1..32 之内")
                                  : bad);
}

// cpu, kind mechanism: the predictions are right. The lesson's reasoning, graded without a
// GPU; the failure names the pitches but not the model's answers, so the student works them
// out (memlab-bank shows them).
TEST_CASE("column-read predictions match the bank model" * doctest::test_suite("cpu")) {
  int right = 0;
  std::string wrong_en, wrong_zh;
  for (int pitch : lab04::kPredictedPitches) {
    const int got = student::predicted_column_read_wavefronts(pitch);
    if (got == lab04::model_column_read_wavefronts(pitch)) {
      ++right;
    } else {
      wrong_en += fmt::format("; pitch {}: you say {}, the bank model disagrees", pitch, got);
      wrong_zh += fmt::format("；行距 {}：你的答案是 {}，bank 模型给出的不同", pitch, got);
    }
  }
  memlab::expect_true(
      lab::check::predictions_match_bank_model, right == (int)lab04::kPredictedPitches.size(),
      memlab::bilingual(fmt::format("{} of {} pitches right{}", right, lab04::kPredictedPitches.size(), wrong_en),
                        fmt::format("{} 个行距中有 {} 个正确{}", lab04::kPredictedPitches.size(), right, wrong_zh)));
}

// cpu, kind mechanism: the bank model on the tile the student declares. It needs no GPU;
// declared_pitch_matches_kernel confirms on a GPU that the kernel's tile has that pitch.
TEST_CASE("the tile's column read is conflict-free in the bank model" * doctest::test_suite("cpu")) {
  const int pitch = student::transpose_tile_pitch();
  if (!pitch_in_range(pitch)) {
    memlab::fail_check(
        lab::check::column_read_conflict_free_model,
        memlab::bilingual(fmt::format("transpose_tile_pitch() = {} is outside {} (see tile_fits)", pitch, kPitchRange),
                          fmt::format("transpose_tile_pitch() = {} 不在 {} 之内（见 tile_fits）", pitch, kPitchRange)));
    return;
  }
  const int worst = lab04::model_column_read_wavefronts(pitch);
  memlab::expect_value(lab::check::column_read_conflict_free_model, memlab::Estimate::exact(worst),
                       memlab::bilingual(fmt::format("{} wavefronts per column read (pitch {} floats)", worst, pitch),
                                         fmt::format("每次列读取 {} 个 wavefront（行距 {} 个 float）", worst, pitch)));
}

TEST_CASE("transpose is exact and stays in bounds" * doctest::test_suite("correctness")) {
  const std::vector<memlab::MatrixSize> sizes = {
      {1, 1},     {1, 37},      {37, 1},      {31, 33},
      {32, 32},   {33, 31},     {64, 96},     {100, 257},
      {257, 100}, {1000, 1000}, {1025, 2047}, {lab::param::largest_exact_side, lab::param::largest_exact_side}};
  const memlab::TransposeSizesResult r = memlab::transpose_on_sizes<float>(
      sizes, 1, [](size_t n) { return memlab::inputs().floats(n); }, student::transpose);
  memlab::expect_exact_on_sizes(lab::check::exact_transpose, lab::check::stays_in_bounds, r, sizes);
}

TEST_CASE("transpose is fast" * doctest::test_suite("performance")) {
  memlab::check_transpose_speed<float>({kPerfN, kPerfN}, student::transpose, baseline_transpose,
                                       lab::check::speedup_vs_starter, lab::check::fraction_of_copy_roofline);
}

// Judged on the work (wavefronts per 32 elements, memlab/tile_traffic.h), not per instruction,
// so that added broadcasts cannot dilute a conflict and wider accesses change nothing; the worse
// of loads and stores, so that a conflict moved into the row writes still shows.
TEST_CASE("the tile is conflict-free on the hardware" * doctest::test_suite("mechanism")) {
  memlab::MeasuredTileTraffic measured;
  if (!memlab::measure_tile_traffic<float>(lab::check::shared_wavefronts_per_load, lab::param::counter_side,
                                           student::transpose, measured))
    return;
  memlab::expect_tile_traffic(lab::check::shared_wavefronts_per_load, measured);
}

// column_read_conflict_free_model trusts transpose_tile_pitch(); this confirms it. The counters
// of the kernel's own tile traffic (row writes = shared stores, column reads = shared loads)
// must agree with what the bank model predicts for the declared pitch over the same launch.
TEST_CASE("the declared pitch is the kernel's: counters against the bank model" * doctest::test_suite("mechanism")) {
  constexpr memlab::CheckId id = lab::check::declared_pitch_matches_kernel;
  const int pitch = student::transpose_tile_pitch();
  if (!pitch_in_range(pitch)) {
    memlab::fail_check(
        id,
        memlab::bilingual(
            fmt::format("not evaluated: transpose_tile_pitch() = {} is outside {} (see tile_fits)", pitch, kPitchRange),
            fmt::format("未评估：transpose_tile_pitch() = {} 不在 {} 之内（见 tile_fits）", pitch, kPitchRange)));
    return;
  }
  lab04::MeasuredTraffic measured;
  if (!memlab::measure_tile_traffic<float>(id, lab::param::counter_side, student::transpose, measured)) return;
  const lab04::Agreement agreement = lab04::judge_declared_pitch(pitch, measured);
  memlab::expect_true(id, agreement.ok, agreement.text);
}

// Not a graded check: the prediction and the band on the starter's and the solution's declared
// pitches, against their loads as the H200 counted them (docs/results/h200-log.md, the run of 2026-11-30
// at commit 1f2ae43).
TEST_CASE("declared_pitch_matches_kernel: prediction and band on known kernels" * doctest::test_suite("cpu")) {
  CHECK(lab04::predict_tile_traffic(32).load_wavefronts == 32);  // the starter: one bank per column
  CHECK(lab04::predict_tile_traffic(32).store_wavefronts == 1);
  CHECK(lab04::predict_tile_traffic(33).load_wavefronts == 1);  // the solution
  CHECK(lab04::predict_tile_traffic(33).store_wavefronts == 1);
  CHECK(lab04::predict_tile_traffic(34).load_wavefronts == 2);  // gcd(pitch, 32) ways
  CHECK(lab04::predict_tile_traffic(64).load_wavefronts == 32);
  // The column read the predictions are graded against: the same model, worst column.
  CHECK(lab04::model_column_read_wavefronts(32) == 32);
  CHECK(lab04::model_column_read_wavefronts(33) == 1);
  CHECK(lab04::model_column_read_wavefronts(48) == 16);

  const double per_side = 4096.0 * 4096 / 32;  // 524288 warp instructions each way
  auto traffic = [&](double loads, double stores) {
    lab04::MeasuredTraffic m;
    m.n = 4096;
    m.load_wavefronts = loads;
    m.load_instructions = m.store_instructions = per_side;
    m.store_wavefronts = stores;
    return m;
  };
  const lab04::MeasuredTraffic starter = traffic(17000533, per_side), solution = traffic(581191, per_side);
  CHECK(lab04::judge_declared_pitch(32, starter).ok);
  CHECK(lab04::judge_declared_pitch(33, solution).ok);
  // Declared 33 over the starter's tile, or 32 over the solution's: both caught.
  const lab04::Agreement lie = lab04::judge_declared_pitch(33, starter);
  CHECK_FALSE(lie.ok);
  CHECK(lie.text.find("cost 32.4 wavefronts per 32 elements") != std::string::npos);
  CHECK_FALSE(lab04::judge_declared_pitch(32, solution).ok);
  CHECK_FALSE(lab04::judge_declared_pitch(34, solution).ok);  // 2 ways declared, 1 measured
  // The conflict moved to the stores (tile written by columns, read by rows): caught too.
  CHECK_FALSE(lab04::judge_declared_pitch(33, traffic(per_side * 1.02, per_side * 32)).ok);
  // The starter's tile with one conflict-free broadcast load beside every column read: twice the
  // instructions, so 16.7 wavefronts per instruction, but still 33 per 32 elements: caught.
  lab04::MeasuredTraffic diluted = starter;
  diluted.load_wavefronts += per_side;
  diluted.load_instructions *= 2;
  CHECK_FALSE(lab04::judge_declared_pitch(33, diluted).ok);
  // The solution's tile written with float4 stores (a quarter of the instructions, 4 wavefronts
  // each): the same wavefronts per 32 elements, so it agrees.
  lab04::MeasuredTraffic wide_stores = solution;
  wide_stores.store_instructions /= 4;
  CHECK(lab04::judge_declared_pitch(33, wide_stores).ok);
  // A kernel that moves half of its elements past the tile: too little traffic to be the tile.
  lab04::MeasuredTraffic halved = solution;
  halved.load_wavefronts /= 2;
  halved.store_wavefronts /= 2;
  CHECK_FALSE(lab04::judge_declared_pitch(33, halved).ok);
  CHECK_FALSE(memlab::tile_use_problem(halved).empty());
  CHECK(memlab::tile_use_problem(solution).empty());
  // The mechanism check's value: the worse side, per 32 elements.
  CHECK(memlab::worse_side_per_warp(solution) == doctest::Approx(581191.0 / per_side));
  CHECK(memlab::worse_side_per_warp(diluted) == doctest::Approx(17000533.0 / per_side + 1));
}
