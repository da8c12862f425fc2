// Lab 05 checker. On the CPU: swizzle() keeps each row of the tile a permutation of its own
// words, and the bank model finds the warps that write a row or read a column conflict-free
// (the column read, the lesson itself, is of kind mechanism).
// On the GPU: the transpose is exact, stays in bounds, keeps one 4096-byte tile per block, is
// fast, and the counters show one wavefront per shared load. The stretch (swizzle16 and
// transpose16, a tile of float4) is checked the same way once stretch_enabled() returns true.
#include <memlab/bilingual.h>
#include <memlab/checker.h>
#include <memlab/counters.h>
#include <memlab/transpose_check.h>

#include <fmt/format.h>

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "check_baseline.h"
#include "check_declared.h"
#include "check_swizzle_model.h"
#include "lab.h"
#include "student_proxy.h"

#include <memlab/student_calls.h>
#include "lab_checks.h"

namespace {

using memlab::bank::TileRead;

constexpr int kPerfN = lab::param::perf_side;     // 256 MiB per matrix: many times any L2
constexpr int kMechN = lab::param::counter_side;  // counters need a full GPU's worth of tiles, not DRAM-sized buffers
constexpr int kMechVectorN = lab::param::vector_counter_side;  // float4: the same 64 MiB

void skip_stretch(std::initializer_list<memlab::CheckId> ids) {
  const std::string why = memlab::bilingual("stretch not attempted: stretch_enabled() in transpose.cu returns false",
                                            "没有做扩展部分：transpose.cu 中的 stretch_enabled() 返回 false");
  for (memlab::CheckId id : ids) memlab::skip_check(id, why);
}

// "not evaluated: the layout is not a permutation of each row (see <check>)"
std::string not_a_permutation(memlab::CheckId permutes) {
  return memlab::bilingual(
      fmt::format("not evaluated: the layout is not a permutation of each row (see {})", permutes.name),
      fmt::format("未评估：这个布局没有让每一行成为本行槽位的一个排列（见 {}）", permutes.name));
}

// ---- CPU: the proof of a layout --------------------------------------------------------

// The check ids of one layout's proof: the float tile's, and the stretch's float4 tile's.
struct LayoutChecks {
  const char* function;  // the student's index function, for messages
  memlab::CheckId permutes;
  memlab::CheckId rows;
  memlab::CheckId columns;
};
constexpr LayoutChecks kFloatLayout{"swizzle", lab::check::swizzle_permutes_each_row,
                                    lab::check::row_writes_conflict_free_model,
                                    lab::check::column_reads_conflict_free_model};
constexpr LayoutChecks kVectorLayout{"swizzle16", lab::check::vector_swizzle_permutes_each_row,
                                     lab::check::vector_row_writes_conflict_free_model,
                                     lab::check::vector_column_reads_conflict_free_model};

// cpu: the layout is a permutation of each row, and row warps are conflict-free (both hold
// for the starter's row-major tile too).
void prove_rows(const lab05::TileIndex& index, int elem_bytes, const LayoutChecks& ids) {
  const std::string problem = lab05::row_permutation_problem(index);
  memlab::expect_true(ids.permutes, problem.empty(),
                      problem.empty() ? memlab::bilingual("each of the 32 rows is a permutation of its own 32 slots",
                                                          "32 行中的每一行都是本行 32 个槽位的一个排列")
                                      : memlab::join_bilingual({ids.function, problem}));
  if (!problem.empty()) {
    // A layout that loses elements can look conflict-free (lanes sharing one word are a free
    // broadcast), so its warps are not worth modelling.
    memlab::fail_check(ids.rows, not_a_permutation(ids.permutes));
    return;
  }
  const lab05::WorstWarp rows = lab05::worst_warp(index, TileRead::row, elem_bytes);
  memlab::expect_true(ids.rows, rows.conflict_free(), rows.describe());
}

// cpu, kind mechanism: column warps are conflict-free, the lesson itself. It needs no GPU;
// declared_swizzle_matches_kernel confirms on a GPU that the kernel's tile uses swizzle().
void prove_columns(const lab05::TileIndex& index, int elem_bytes, const LayoutChecks& ids) {
  if (!lab05::row_permutation_problem(index).empty()) {
    memlab::fail_check(ids.columns, not_a_permutation(ids.permutes));
    return;
  }
  const lab05::WorstWarp columns = lab05::worst_warp(index, TileRead::column, elem_bytes);
  memlab::expect_true(ids.columns, columns.conflict_free(), columns.describe());
}

// The shared-memory article's swizzle, (row * width + col) ^ ((row & 0x1F) << 5) with width 32: the
// XOR lands on the row's own bits and cancels them, so every row maps onto words 0..31.
int seed_article_swizzle(int row, int col) { return (row * 32 + col) ^ ((row & 0x1F) << 5); }
int row_major(int row, int col) { return row * 32 + col; }
int padded_row(int row, int col) { return row * 33 + col; }  // lab 04's fix: 33 words a row
int xor_swizzle(int row, int col) { return row * 32 + (col ^ row); }
int xor_swizzle_16_bytes(int row, int col) { return row * 32 + (col ^ (row % 8)); }

// ---- GPU: exactness and shared-memory size ---------------------------------------------

using memlab::MatrixSize;
using memlab::size_text;
using FloatTranspose = memlab::TransposeLaunch<float>;
std::vector<float> floats(size_t n) { return memlab::inputs().floats(n); }

// The shared memory per block of the kernels `launcher` launched in its last call, static and
// dynamic together, read from the loaded kernels and the recorded launches
// (memlab::launched_kernels): measured, not something the student reports. The largest counts,
// so a small decoy kernel launched beside the real one changes nothing, and a tile moved into
// dynamic shared memory is counted too. `tile` says what a block moves, in English and Chinese.
void expect_shared_kib_per_block(memlab::CheckId id, const std::string& launcher, const std::string& tile) {
  const std::vector<memlab::LaunchedKernel> kernels = memlab::launched_kernels(launcher);
  if (kernels.empty()) {
    memlab::fail_check(id, memlab::bilingual("not evaluated: " + launcher + "() launched no kernel",
                                             "未评估：" + launcher + "() 没有启动任何核函数"));
    return;
  }
  const memlab::LaunchedKernel* largest = &kernels.front();
  for (const auto& k : kernels)
    if (k.static_shared_bytes + k.dynamic_shared_bytes > largest->static_shared_bytes + largest->dynamic_shared_bytes)
      largest = &k;
  const int bytes = largest->static_shared_bytes + largest->dynamic_shared_bytes;
  if (bytes == 0) {
    memlab::fail_check(id, memlab::bilingual("the kernel uses no shared memory: keep the tile in a __shared__ array",
                                             "核函数没有使用共享内存：请把 tile 放在 __shared__ 数组中"));
    return;
  }
  memlab::expect_value(
      id, memlab::Estimate::exact(bytes / 1024.0),
      memlab::bilingual(
          fmt::format("{} B of shared memory per block ({} static, {} dynamic; {} kernel(s) launched); a "
                      "block moves {}",
                      bytes, largest->static_shared_bytes, largest->dynamic_shared_bytes, kernels.size(),
                      memlab::english_part(tile)),
          fmt::format("每个线程块 {} B 共享内存（静态 {}，动态 {}；启动了 {} 个核函数）；一个线程块搬运{}", bytes,
                      largest->static_shared_bytes, largest->dynamic_shared_bytes, kernels.size(),
                      memlab::chinese_part(tile))));
}

const FloatTranspose kTransposeFloats = [](const float* in, float* out, int rows, int cols, cudaStream_t st) {
  student::transpose(in, out, rows, cols, st);
};
const FloatTranspose kTransposeVectors = [](const float* in, float* out, int rows, int cols, cudaStream_t st) {
  student::transpose16(reinterpret_cast<const float4*>(in), reinterpret_cast<float4*>(out), rows, cols, st);
};

}  // namespace

// ---- cpu ------------------------------------------------------------------------------------

TEST_CASE("swizzle() permutes each row, and row writes are conflict-free" * doctest::test_suite("cpu")) {
  prove_rows(student::swizzle, 4, kFloatLayout);
}

TEST_CASE("stretch: swizzle16() does the same for 16-byte vectors" * doctest::test_suite("cpu")) {
  if (!student::stretch_enabled()) return skip_stretch({kVectorLayout.permutes, kVectorLayout.rows});
  prove_rows(student::swizzle16, 16, kVectorLayout);
}

TEST_CASE("swizzle() makes column reads conflict-free in the bank model" * doctest::test_suite("cpu")) {
  prove_columns(student::swizzle, 4, kFloatLayout);
}

TEST_CASE("stretch: swizzle16() column reads in the bank model" * doctest::test_suite("cpu")) {
  if (!student::stretch_enabled()) return skip_stretch({kVectorLayout.columns});
  prove_columns(student::swizzle16, 16, kVectorLayout);
}

// Not a graded check: the proof itself, on layouts whose verdicts are known.
TEST_CASE("the proof rejects the shared-memory article's swizzle and accepts col ^ row" * doctest::test_suite("cpu")) {
  // The seed's formula cancels the row: rows 0 and 5 both put column 7 into word 7.
  CHECK(seed_article_swizzle(0, 7) == 7);
  CHECK(seed_article_swizzle(5, 7) == 7);
  CHECK_FALSE(lab05::row_permutation_problem(seed_article_swizzle).empty());
  // The bank model alone would let it through: when every lane of a column read asks for the
  // same word, that is one broadcast, one wavefront. Hence the permutation check comes first.
  CHECK(lab05::worst_warp(seed_article_swizzle, TileRead::column, 4).wavefronts == 1);

  CHECK_FALSE(lab05::row_permutation_problem(padded_row).empty());  // 33 words a row: 4224 B
  CHECK(lab05::row_permutation_problem(row_major).empty());
  CHECK(lab05::worst_warp(row_major, TileRead::row, 4).wavefronts == 1);
  CHECK(lab05::worst_warp(row_major, TileRead::column, 4).wavefronts == 32);

  CHECK(lab05::row_permutation_problem(xor_swizzle).empty());
  CHECK(lab05::worst_warp(xor_swizzle, TileRead::row, 4).conflict_free());
  CHECK(lab05::worst_warp(xor_swizzle, TileRead::column, 4).conflict_free());

  // 16-byte vectors: four phases of 8 lanes, so 4 wavefronts is the floor; row-major puts the
  // 8 rows of a phase into the same 4 banks (8 ways in each phase).
  CHECK(lab05::worst_warp(row_major, TileRead::column, 16).wavefronts == 32);
  CHECK(lab05::row_permutation_problem(xor_swizzle_16_bytes).empty());
  CHECK(lab05::worst_warp(xor_swizzle_16_bytes, TileRead::row, 16).wavefronts == 4);
  CHECK(lab05::worst_warp(xor_swizzle_16_bytes, TileRead::column, 16).wavefronts == 4);
}

// ---- correctness ----------------------------------------------------------------------------

TEST_CASE("transpose is exact, stays in bounds and keeps one tile" * doctest::test_suite("correctness")) {
  const std::vector<MatrixSize> sizes = {
      {1, 1},     {1, 37},      {37, 1},      {31, 33},
      {32, 32},   {33, 31},     {64, 96},     {100, 257},
      {257, 100}, {1000, 1000}, {1025, 2047}, {lab::param::largest_exact_side, lab::param::largest_exact_side}};
  const memlab::TransposeSizesResult r = memlab::transpose_on_sizes<float>(sizes, 1, floats, kTransposeFloats);
  memlab::expect_exact_on_sizes(lab::check::exact_transpose, lab::check::stays_in_bounds, r, sizes);
  expect_shared_kib_per_block(lab::check::static_shared_memory_per_tile, "transpose",
                              memlab::bilingual("one 32x32 tile of floats", "一个 32x32、元素为 float 的 tile"));
}

TEST_CASE("stretch: transpose16 is exact and keeps one tile" * doctest::test_suite("correctness")) {
  if (!student::stretch_enabled())
    return skip_stretch({lab::check::vector_transpose_exact, lab::check::vector_static_shared_memory_per_tile});
  const std::vector<MatrixSize> sizes = {
      {1, 1},
      {1, 37},
      {33, 31},
      {32, 32},
      {100, 257},
      {1025, 513},
      {lab::param::vector_largest_exact_side, lab::param::vector_largest_exact_side}};
  const memlab::TransposeSizesResult r = memlab::transpose_on_sizes<float>(sizes, 4, floats, kTransposeVectors);
  const bool ok = r.wrong.empty() && r.outside.empty();
  memlab::expect_true(lab::check::vector_transpose_exact, ok,
                      ok ? memlab::bilingual(fmt::format("{} sizes from 1x1 to {} float4 exact and in bounds",
                                                         sizes.size(), size_text(sizes.back())),
                                             fmt::format("从 1x1 到 {}（以 float4 为单位）的 {} 种尺寸全部精确且不越界",
                                                         size_text(sizes.back()), sizes.size()))
                         : (r.wrong.empty() ? r.outside : r.wrong));
  expect_shared_kib_per_block(lab::check::vector_static_shared_memory_per_tile, "transpose16",
                              memlab::bilingual("one 32x32 tile of float4", "一个 32x32 的 float4 tile"));
}

// ---- performance ----------------------------------------------------------------------------

TEST_CASE("transpose is fast" * doctest::test_suite("performance")) {
  memlab::check_transpose_speed<float>({kPerfN, kPerfN}, student::transpose, baseline_transpose,
                                       lab::check::speedup_vs_starter, lab::check::fraction_of_copy_roofline);
}

// ---- mechanism ------------------------------------------------------------------------------

// Both judged on the work, wavefronts per 32 elements (memlab/tile_traffic.h), the worse of the
// column reads and the row writes: added broadcasts cannot dilute a conflict, and a conflict moved
// into the writes still shows. 32 for a row-major tile, 1 when the swizzle works.
TEST_CASE("the tile is conflict-free on the GPU" * doctest::test_suite("mechanism")) {
  memlab::MeasuredTileTraffic measured;
  if (!memlab::measure_tile_traffic<float>(lab::check::shared_load_wavefronts_per_instruction, kMechN,
                                           student::transpose, measured))
    return;
  memlab::expect_tile_traffic(lab::check::shared_load_wavefronts_per_instruction, measured);
}

TEST_CASE("stretch: the float4 tile is conflict-free on the GPU" * doctest::test_suite("mechanism")) {
  constexpr memlab::CheckId id = lab::check::vector_shared_load_wavefronts_per_instruction;
  if (!student::stretch_enabled()) return skip_stretch({id});
  // 16-byte accesses are served in four phases of 8 lanes: 4 wavefronts per 32 float4 is the floor.
  const size_t n = (size_t)kMechVectorN * kMechVectorN * 4;
  memlab::DeviceArray<float> in(n, "in"), out(n, "out");
  in.upload(memlab::inputs().floats(n));
  memlab::MeasuredTileTraffic measured;
  if (!memlab::measure_shared_traffic(
          id, kMechVectorN, 16,
          [&](cudaStream_t st) { kTransposeVectors(in.data(), out.data(), kMechVectorN, kMechVectorN, st); },
          "transpose16 " + size_text({kMechVectorN, kMechVectorN}), measured))
    return;
  memlab::expect_tile_traffic(id, measured);
}

// The model checks (swizzle_permutes_each_row, row_writes_conflict_free_model,
// column_reads_conflict_free_model) trust swizzle(); this confirms that the kernel's tile is the
// one it describes. The counters of the kernel's own tile traffic (row writes = shared stores,
// column reads = shared loads) must agree with what the bank model predicts for the declared
// swizzle() over the same launch.
TEST_CASE("the declared swizzle() is the kernel's: counters against the bank model" *
          doctest::test_suite("mechanism")) {
  constexpr memlab::CheckId id = lab::check::declared_swizzle_matches_kernel;
  const std::string outside = lab05::tile_range_problem(student::swizzle);
  if (!outside.empty()) {
    memlab::fail_check(
        id, memlab::join_bilingual(
                {memlab::bilingual("not evaluated: swizzle", "未评估：swizzle"), outside,
                 memlab::bilingual(" (see swizzle_permutes_each_row)", "（见 swizzle_permutes_each_row）")}));
    return;
  }
  lab05::MeasuredTraffic measured;
  if (!memlab::measure_tile_traffic<float>(id, kMechN, student::transpose, measured)) return;
  const lab05::Agreement agreement = lab05::judge_declared_swizzle(student::swizzle, measured);
  memlab::expect_true(id, agreement.ok, agreement.text);
}

// Not a graded check: the prediction and the band on the starter's and the solution's layouts,
// against their loads as the H200 counted them (docs/results/h200-log.md, the run of 2026-11-30
// at commit 88843ae).
TEST_CASE("declared_swizzle_matches_kernel: prediction and band on known kernels" * doctest::test_suite("cpu")) {
  const lab05::TileTraffic starter_model = lab05::predict_tile_traffic(row_major);
  const lab05::TileTraffic solution_model = lab05::predict_tile_traffic(xor_swizzle);
  CHECK(starter_model.load_wavefronts == 32);
  CHECK(starter_model.store_wavefronts == 1);
  CHECK(solution_model.load_wavefronts == 1);
  CHECK(solution_model.store_wavefronts == 1);
  // Row writes and column reads trade places in the transposed layout (c * 32 + r).
  const lab05::TileTraffic swapped = lab05::predict_tile_traffic([](int row, int col) { return col * 32 + row; });
  CHECK(swapped.load_wavefronts == 1);
  CHECK(swapped.store_wavefronts == 32);
  CHECK_FALSE(lab05::tile_range_problem(padded_row).empty());  // row 31 reaches word 1054
  CHECK(lab05::tile_range_problem(seed_article_swizzle).empty());

  const double per_side = double(kMechN) * kMechN / 32;  // 524288 warp instructions each way
  auto traffic = [&](double loads, double stores) {
    lab05::MeasuredTraffic m;
    m.n = kMechN;
    m.load_wavefronts = loads;
    m.load_instructions = m.store_instructions = per_side;
    m.store_wavefronts = stores;
    return m;
  };
  const lab05::MeasuredTraffic starter = traffic(16877822, per_side), solution = traffic(535661, per_side);
  CHECK(lab05::judge_declared_swizzle(row_major, starter).ok);
  CHECK(lab05::judge_declared_swizzle(xor_swizzle, solution).ok);
  // col ^ row declared over the starter's row-major tile, and the other way round: both caught.
  const lab05::Agreement lie = lab05::judge_declared_swizzle(xor_swizzle, starter);
  CHECK_FALSE(lie.ok);
  CHECK(lie.text.find("cost 32.2 wavefronts per 32 elements") != std::string::npos);
  CHECK_FALSE(lab05::judge_declared_swizzle(row_major, solution).ok);
  // The conflict moved to the stores (the transposed layout behind a declared col ^ row).
  CHECK_FALSE(lab05::judge_declared_swizzle(xor_swizzle, traffic(per_side * 1.02, per_side * 32)).ok);
}
