#pragma once
// Grading a transpose, shared by the labs whose kernel is one (04 padding, 05 swizzle, 07 FP16
// banks): the CPU reference, the run over many awkward sizes into poisoned and guarded
// outputs, and the exactness check that must pass before a transpose is timed.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "memlab/checker.h"

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
      if (result.outside.empty()) result.outside = size_text(s) + ": " + e.what();
    }
    auto cmp = compare_exact(out.download(), transpose_on_cpu(host, s, width));
    if (!cmp.ok() && result.wrong.empty())
      result.wrong = size_text(s) + ": " + cmp.summary([&](size_t i) { return transposed_index(i, s, width); });
  }
  return result;
}

// Timing a wrong kernel means nothing: runs `transpose` once on `in` (holding `host`, a matrix
// of size `s`) and compares `out` with the CPU. When they differ, every check in `timed_checks`
// fails with the reason and this returns false.
template <class T>
bool exact_before_timing(const TransposeLaunch<T>& transpose, const DeviceArray<T>& in, DeviceArray<T>& out,
                         const std::vector<T>& host, MatrixSize s, const std::vector<std::string>& timed_checks,
                         int width = 1) {
  run_checked("transpose " + size_text(s),
              [&](cudaStream_t st) { transpose(in.data(), out.data(), s.rows, s.cols, st); });
  auto cmp = compare_exact(out.download(), transpose_on_cpu(host, s, width));
  if (cmp.ok()) return true;
  const std::string why = "not timed: the transpose is wrong at " + size_text(s) + " (" +
                          cmp.summary([&](size_t i) { return transposed_index(i, s, width); }) + ")";
  for (const std::string& id : timed_checks) fail_check(id, why);
  return false;
}

// The performance checks of a transpose lab on one size `s`: exact first, then the student's
// speed over the starter's (interleaved pairs) and its fraction of the copy roofline, counting
// every element read once and written once.
template <class T, class MakeInputs>
void check_transpose_speed(MatrixSize s, MakeInputs make_inputs, const TransposeLaunch<T>& student,
                           const TransposeLaunch<T>& starter, const std::string& speedup_id,
                           const std::string& roofline_id) {
  const size_t n = (size_t)s.rows * s.cols;
  DeviceArray<T> in(n, "in"), out(n, "out");
  const std::vector<T> host = make_inputs(n);
  in.upload(host);
  if (!exact_before_timing<T>(student, in, out, host, s, {speedup_id, roofline_id})) return;
  const auto launch = [&](const TransposeLaunch<T>& transpose) {
    return [&, transpose](cudaStream_t st) { transpose(in.data(), out.data(), s.rows, s.cols, st); };
  };
  expect_speedup(speedup_id, launch(starter), launch(student));
  expect_roofline_fraction(roofline_id, launch(student), 2.0 * n * sizeof(T), copy_roofline(), "copy");
}

}  // namespace memlab
