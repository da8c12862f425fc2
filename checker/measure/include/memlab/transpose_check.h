#pragma once
// Grading a transpose, shared by the labs whose kernel is one (04 padding, 05 swizzle, 07 FP16
// banks, 08 occupancy): the CPU reference, the run over many awkward sizes into poisoned and
// guarded outputs, and the timed transposes whose every sample runs on fresh inputs and whose
// outputs are verified on the GPU.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "memlab/checker.h"
#include "memlab/counters.h"
#include "memlab/bilingual.h"
#include "memlab/declared_agreement.h"
#include "memlab/device_samples.h"
#include "memlab/sample_inputs.h"
#include "memlab/timed_checks.h"

namespace memlab {

struct MatrixSize {
  int rows, cols;
};

inline std::string size_text(MatrixSize s) { return std::to_string(s.rows) + "x" + std::to_string(s.cols); }

// out[c][r] = in[r][c] for a rows x cols matrix whose elements are `width` values each (a
// float4 is 4 floats). Blocked, so that the performance sizes (up to 128 Mi elements) take a
// moment on the CPU, not seconds.
template <class T>
std::vector<T> transpose_on_cpu(const std::vector<T>& in, MatrixSize s, int width = 1) {
  constexpr int kBlock = 64;
  std::vector<T> out(in.size());
  for (int r0 = 0; r0 < s.rows; r0 += kBlock)
    for (int c0 = 0; c0 < s.cols; c0 += kBlock)
      for (int r = r0; r < std::min(s.rows, r0 + kBlock); ++r)
        for (int c = c0; c < std::min(s.cols, c0 + kBlock); ++c)
          for (int k = 0; k < width; ++k)
            out[((size_t)c * s.rows + r) * width + k] = in[((size_t)r * s.cols + c) * width + k];
  return out;
}

// A mismatch at value `i` of the transposed matrix, named as the student's code names it:
// out[row][col], with .x .y .z .w for the parts of a vector element.
inline std::string transposed_index(std::size_t i, MatrixSize s, int width) {
  const std::string element = index_2d(i / width, s.rows, "out");
  return width == 1 ? element : element + "." + "xyzw"[i % width];
}

template <class T>
using TransposeLaunch = std::function<void(const T* in, T* out, int rows, int cols, cudaStream_t)>;

struct TransposeSizesResult {
  std::string wrong;    // the first size whose result differs, and how
  std::string outside;  // the first size that wrote past its output, and where
};

// Transposes fresh inputs (`make_inputs(count)`) of every size into poisoned, guarded outputs.
template <class T, class MakeInputs>
TransposeSizesResult transpose_on_sizes(const std::vector<MatrixSize>& sizes, int width, MakeInputs make_inputs,
                                        const TransposeLaunch<T>& transpose) {
  TransposeSizesResult result;
  for (MatrixSize s : sizes) {
    const size_t n = (size_t)s.rows * s.cols * width;
    DeviceArray<T> in(n, "in"), out(n, "out");
    const std::vector<T> host = make_inputs(n);
    in.upload(host);
    out.poison();
    run_checked("transpose " + size_text(s),
                [&](cudaStream_t st) { transpose(in.data(), out.data(), s.rows, s.cols, st); });
    try {
      out.check_guards();
      in.check_guards();
    } catch (const OutOfBoundsWrite& e) {
      if (result.outside.empty()) result.outside = join_bilingual({size_text(s), bilingual(": ", "："), e.what()});
    }
    auto cmp = compare_exact(out.download(), transpose_on_cpu(host, s, width));
    if (!cmp.ok() && result.wrong.empty())
      result.wrong = join_bilingual(
          {size_text(s), bilingual(": ", "："), cmp.summary([&](size_t i) { return transposed_index(i, s, width); })});
  }
  return result;
}

// The two checks every transpose lab records from transpose_on_sizes(): `exact` (every size
// transposed exactly, or the first that was not) and `in_bounds` (no write outside the output).
inline void expect_exact_on_sizes(CheckId exact, CheckId in_bounds, const TransposeSizesResult& r,
                                  const std::vector<MatrixSize>& sizes) {
  const std::string count = std::to_string(sizes.size()), largest = size_text(sizes.back());
  expect_true(exact, r.wrong.empty(),
              r.wrong.empty() ? bilingual(count + " sizes from 1x1 to " + largest + " exact",
                                          "从 1x1 到 " + largest + " 的 " + count + " 种尺寸全部精确")
                              : r.wrong);
  expect_true(in_bounds, r.outside.empty(), r.outside);
}

// The timed transposes of one size, on inputs the GPU draws for every sample: before each, `in`
// is redrawn from the sample's secret salt and `out` poisoned; after a verified one, every
// element of `out` is compared, on the GPU, with the element of `in` it must hold. The object
// owns the buffers and must outlive the works it hands out.
template <class T>
class TransposeSamples {
 public:
  explicit TransposeSamples(MatrixSize s) : s_(s), in_(count(s), "in"), out_(count(s), "out") {}

  // `transpose` on these buffers. `checked`: prepared, verified and held to the copy roofline's
  // floor (every element read once and written once); otherwise a trusted yardstick (the
  // starter), timed on whatever the buffers hold.
  TimedWork work(const std::string& name, const TransposeLaunch<T>& transpose, bool checked) {
    TimedWork w;
    w.name = name;
    w.launch = [this, transpose](cudaStream_t st) { transpose(in_.data(), out_.data(), s_.rows, s_.cols, st); };
    if (!checked) return w;
    w.prepare = [this](const SampleTag& tag, cudaStream_t st) {
      fill_sample(in_.data(), in_.size(), tag.salt, st);
      poison_async(out_.data(), out_.bytes(), st);
    };
    w.verify = [this](const SampleTag& tag, cudaStream_t st) { return verify(tag, st); };
    w.floor = {2.0 * count(s_) * sizeof(T), &copy_roofline(), bilingual("copy", "复制")};
    return w;
  }

 private:
  static size_t count(MatrixSize s) { return (size_t)s.rows * s.cols; }

  std::string verify(const SampleTag& tag, cudaStream_t st) {
    const DeviceMismatches m = count_transpose_mismatches<T>(out_.data(), s_.rows, s_.cols, tag.salt, counter_, st);
    if (m.count == 0) return "";
    const size_t c = m.first / s_.rows, r = m.first % s_.rows;  // out[c][r] holds in[r][c]
    const T want = sample_value<T>(tag.salt, r * s_.cols + c);
    return describe_mismatches<T>(m, count(s_), out_.data(), want,
                                  [&](size_t i) { return transposed_index(i, s_, 1); });
  }

  MatrixSize s_;
  DeviceArray<T> in_, out_;
  MismatchCounter counter_;
};

// The performance checks of a transpose lab on one size `s`: exact on fresh inputs first, then
// the student's speed over the starter's (interleaved pairs) and its fraction of the copy
// roofline, every sample of the student's on fresh inputs and a secret subset verified.
template <class T>
void check_transpose_speed(MatrixSize s, const TransposeLaunch<T>& student, const TransposeLaunch<T>& starter,
                           CheckId speedup_id, CheckId roofline_id) {
  TransposeSamples<T> samples(s);
  const TimedWork work = samples.work("transpose " + size_text(s), student, true);
  if (!verified_before_timing(work, {speedup_id, roofline_id})) return;
  // The fraction check's gap rule compares the same starter with the roofline: its median from
  // the speedup's pairs, or timed alone when the speedup measurement failed.
  const TimedWork starter_work = samples.work(bilingual("the starter's transpose", "起始代码的转置"), starter, false);
  double starter_ms = 0;
  if (!expect_speedup(speedup_id, starter_work, work, GapSides{}, &starter_ms) && starter_ms <= 0 &&
      check_spec(roofline_id).gap_rule) {
    const std::optional<double> alone = median_time(starter_work, {roofline_id});
    if (!alone) return;
    starter_ms = *alone;
  }
  expect_roofline_fraction(roofline_id, work, starter_ms);
}

// The shared-memory traffic of one launch of `launch` that transposes an n x n matrix of
// `element_bytes`-byte elements, as the counters see it (memlab/tile_traffic.h). When the counters
// cannot be read, check `id` is skipped with the reason and this returns false.
inline bool measure_shared_traffic(CheckId id, int n, int element_bytes, const Launch& launch,
                                   const std::string& launch_name, MeasuredTileTraffic& measured) {
  namespace metric = counters::metric;
  const CounterValues c = read_counters({metric::shared_ld_wavefronts, metric::shared_ld_instructions,
                                         metric::shared_st_wavefronts, metric::shared_st_instructions},
                                        launch, launch_name);
  if (!c.ok) {
    skip_check(id, counters_unavailable(c.reason));
    return false;
  }
  measured.n = n;
  measured.element_bytes = element_bytes;
  measured.load_wavefronts = c[metric::shared_ld_wavefronts];
  measured.load_instructions = c[metric::shared_ld_instructions];
  measured.store_wavefronts = c[metric::shared_st_wavefronts];
  measured.store_instructions = c[metric::shared_st_instructions];
  return true;
}

// The same for one n x n transpose of T on fresh inputs.
template <class T>
bool measure_tile_traffic(CheckId id, int n, const TransposeLaunch<T>& transpose, MeasuredTileTraffic& measured) {
  DeviceArray<T> in((size_t)n * n, "in"), out((size_t)n * n, "out");
  if constexpr (sizeof(T) == 2)
    in.upload(inputs().bits16((size_t)n * n));
  else
    in.upload(inputs().floats((size_t)n * n));
  return measure_shared_traffic(
      id, n, sizeof(T), [&](cudaStream_t st) { transpose(in.data(), out.data(), n, n, st); },
      "transpose " + size_text({n, n}), measured);
}

// The tile's mechanism check: the worse side's wavefronts per 32 elements (worse_side_per_warp)
// against check `id`'s bar, failed when the kernel does not move every element through a tile.
// `also` is appended to the text (the starter's numbers, for example), in English and Chinese.
inline void expect_tile_traffic(CheckId id, const MeasuredTileTraffic& measured, const std::string& also = "") {
  if (const std::string problem = tile_use_problem(measured); !problem.empty()) {
    fail_check(id, problem);
    return;
  }
  expect_value(id, Estimate::exact(worse_side_per_warp(measured)), join_bilingual({tile_traffic_text(measured), also}));
}

}  // namespace memlab
