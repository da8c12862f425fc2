// Lab 01 checker: both kernels must be exact on awkward sizes and misaligned pointers, stay
// inside their outputs, and be fast for the right reason (few sectors per request in part A,
// wide requests in part B).
#include <memlab/checker.h>
#include <memlab/counters.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "check_baseline.h"
#include "lab.h"

namespace {

using memlab::DeviceArray;

// The bit pattern DeviceArray::poison() leaves in every float: a float the kernel must not
// write still holds it afterwards.
bool is_poison(float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits == 0xFFFFFFFFu;
}

float draw_scale() { return memlab::inputs().floats(1, 0.5f, 4.0f)[0]; }

// ---- Part A: the 2-D window -------------------------------------------------------------------

struct Window {
  int rows, cols, pitch;
  std::size_t elements() const { return (std::size_t)rows * pitch; }
  std::string text() const {
    return std::to_string(rows) + "x" + std::to_string(cols) + " (pitch " + std::to_string(pitch) + ")";
  }
};

struct Outcome {
  std::string wrong;    // first wrong value, or empty
  std::string outside;  // first write outside the window or the array, or empty
};

// Runs the student's scale_matrix once on fresh inputs and compares the window exactly; the
// gap after each row (pitch - cols floats) and the guard zones must be untouched.
Outcome run_matrix_case(Window w, DeviceArray<float>& in, DeviceArray<float>& out) {
  Outcome o;
  const float s = draw_scale();
  std::vector<float> host = memlab::inputs().floats(w.elements());
  in.upload(host);
  out.poison();
  memlab::run_checked("scale_matrix " + w.text(),
                      [&](cudaStream_t st) { scale_matrix(in.data(), out.data(), w.rows, w.cols, w.pitch, s, st); });
  try {
    out.check_guards();
    in.check_guards();
  } catch (const memlab::OutOfBoundsWrite& e) {
    o.outside = w.text() + ": " + e.what();
  }
  const std::vector<float> got_all = out.download();
  std::vector<float> got, want;
  got.reserve((std::size_t)w.rows * w.cols);
  want.reserve(got.capacity());
  for (int r = 0; r < w.rows && o.outside.empty(); ++r)
    for (int c = 0; c < w.pitch; ++c) {
      const std::size_t i = (std::size_t)r * w.pitch + c;
      if (c < w.cols) {
        got.push_back(got_all[i]);
        want.push_back(s * host[i]);
      } else if (!is_poison(got_all[i])) {
        o.outside = w.text() + ": out[" + std::to_string(r) + "][" + std::to_string(c) +
                    "] was written, but column " + std::to_string(c) + " is past cols = " + std::to_string(w.cols);
        break;
      }
    }
  if (!o.outside.empty()) return o;
  auto cmp = memlab::compare_exact(got, want);
  if (!cmp.ok()) o.wrong = w.text() + ": " + cmp.summary([&](std::size_t i) { return memlab::index_2d(i, w.cols, "out"); });
  return o;
}

// ---- Part B: the stream -----------------------------------------------------------------------

struct StreamCase {
  std::size_t n;
  int in_offset, out_offset;  // floats past a 16-byte (indeed 256-byte) boundary
  std::string text() const {
    return "n = " + std::to_string(n) + ", in at +" + std::to_string(4 * in_offset) + " B, out at +" +
           std::to_string(4 * out_offset) + " B";
  }
};

// Arrays with 4 spare floats, so a pointer can start 0..3 floats past the aligned payload.
Outcome run_array_case(StreamCase c, DeviceArray<float>& in, DeviceArray<float>& out, const std::vector<float>& host) {
  Outcome o;
  const float s = draw_scale();
  out.poison();
  memlab::run_checked("scale_array " + c.text(), [&](cudaStream_t st) {
    scale_array(in.data() + c.in_offset, out.data() + c.out_offset, c.n, s, st);
  });
  try {
    out.check_guards();
    in.check_guards();
  } catch (const memlab::OutOfBoundsWrite& e) {
    o.outside = c.text() + ": " + e.what();
    return o;
  }
  const std::vector<float> got_all = out.download();
  for (std::size_t j = 0; j < got_all.size(); ++j) {
    const bool inside = j >= (std::size_t)c.out_offset && j - c.out_offset < c.n;
    if (!inside && !is_poison(got_all[j])) {
      o.outside = c.text() + ": out[" + std::to_string((long long)j - c.out_offset) + "] was written (valid: 0.." +
                  std::to_string(c.n) + "-1)";
      return o;
    }
  }
  std::vector<float> got(got_all.begin() + c.out_offset, got_all.begin() + c.out_offset + c.n), want(c.n);
  for (std::size_t i = 0; i < c.n; ++i) want[i] = s * host[c.in_offset + i];
  auto cmp = memlab::compare_exact(got, want);
  if (!cmp.ok()) o.wrong = c.text() + ": " + cmp.summary([](std::size_t i) { return "out[" + std::to_string(i) + "]"; });
  return o;
}

void keep_first(std::string& kept, const std::string& found) {
  if (kept.empty()) kept = found;
}

// Performance and mechanism sizes: far larger than any L2.
constexpr int kPerfSide = 8192;                           // part A: 256 MiB per matrix
constexpr std::size_t kPerfN = (std::size_t(1) << 26) + 3;  // part B: 256 MiB per array, odd
constexpr int kPerfOffset = 1;                            // part B: both pointers 4 bytes past a boundary

}  // namespace

TEST_CASE("both kernels are exact and stay in bounds" * doctest::test_suite("correctness")) {
  std::string outside;

  // Part A: tiny, thin, non-multiple-of-32 windows, with and without a gap after each row.
  const std::vector<Window> windows = {{1, 1, 1},      {1, 37, 37},      {37, 1, 1},       {37, 1, 5},
                                       {31, 33, 33},   {33, 31, 40},     {32, 32, 32},     {100, 257, 300},
                                       {257, 100, 128}, {1000, 1000, 1000}, {1025, 2047, 2048}, {5000, 3, 7}};
  std::string matrix_wrong;
  for (Window w : windows) {
    DeviceArray<float> in(w.elements(), "in"), out(w.elements(), "out");
    Outcome o = run_matrix_case(w, in, out);
    keep_first(matrix_wrong, o.wrong);
    keep_first(outside, o.outside);
  }
  memlab::expect_true("coalesced_exact", matrix_wrong.empty(),
                      matrix_wrong.empty() ? std::to_string(windows.size()) + " windows from 1x1 to 1025x2047 exact"
                                           : matrix_wrong);

  // Part B: every pair of misalignments, n = 0..9 and sizes around float4 and warp multiples;
  // then large odd sizes.
  std::string array_wrong;
  std::size_t cases = 0;
  auto run_group = [&](const std::vector<std::size_t>& sizes, const std::vector<std::pair<int, int>>& offsets) {
    std::size_t largest = 0;
    for (std::size_t n : sizes) largest = std::max(largest, n);
    DeviceArray<float> in(largest + 4, "in"), out(largest + 4, "out");
    std::vector<float> host = memlab::inputs().floats(largest + 4);
    in.upload(host);
    for (std::size_t n : sizes)
      for (auto [in_off, out_off] : offsets) {
        Outcome o = run_array_case({n, in_off, out_off}, in, out, host);
        keep_first(array_wrong, o.wrong);
        keep_first(outside, o.outside);
        ++cases;
      }
  };
  std::vector<std::pair<int, int>> every_pair, equal_and_mixed = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {1, 2}, {3, 0}};
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b) every_pair.push_back({a, b});
  run_group({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 127, 128, 129, 1023, 1025}, every_pair);
  run_group({1000003, (std::size_t(1) << 22) + 5}, equal_and_mixed);
  memlab::expect_true("vectorized_exact", array_wrong.empty(),
                      array_wrong.empty() ? std::to_string(cases) + " (n, misalignment) cases exact, n = 0 to 4194309"
                                          : array_wrong);

  memlab::expect_true("stays_in_bounds", outside.empty(), outside);
}

TEST_CASE("both kernels are fast" * doctest::test_suite("performance")) {
  const float s = draw_scale();
  {
    const Window w{kPerfSide, kPerfSide, kPerfSide};
    DeviceArray<float> in(w.elements(), "in"), out(w.elements(), "out");
    // Timing a wrong kernel means nothing: check this size first.
    Outcome o = run_matrix_case(w, in, out);
    if (!o.wrong.empty() || !o.outside.empty()) {
      memlab::fail_check("coalesced_speedup_vs_starter", "not timed: scale_matrix is wrong at " + o.wrong + o.outside);
    } else {
      auto student = [&](cudaStream_t st) { scale_matrix(in.data(), out.data(), w.rows, w.cols, w.pitch, s, st); };
      auto starter = [&](cudaStream_t st) {
        baseline_scale_matrix(in.data(), out.data(), w.rows, w.cols, w.pitch, s, st);
      };
      memlab::expect_speedup("coalesced_speedup_vs_starter", starter, student);
    }
  }
  {
    const StreamCase c{kPerfN, kPerfOffset, kPerfOffset};
    DeviceArray<float> in(kPerfN + 4, "in"), out(kPerfN + 4, "out");
    std::vector<float> host = memlab::inputs().floats(kPerfN + 4);
    in.upload(host);
    Outcome o = run_array_case(c, in, out, host);
    if (!o.wrong.empty() || !o.outside.empty()) {
      memlab::fail_check("vectorized_fraction_of_copy_roofline",
                         "not timed: scale_array is wrong at " + o.wrong + o.outside);
    } else {
      auto student = [&](cudaStream_t st) {
        scale_array(in.data() + c.in_offset, out.data() + c.out_offset, c.n, s, st);
      };
      memlab::expect_roofline_fraction("vectorized_fraction_of_copy_roofline", student,
                                       2.0 * c.n * sizeof(float), memlab::copy_roofline(), "copy");
    }
  }
}

TEST_CASE("both kernels are fast for the right reason" * doctest::test_suite("mechanism")) {
  namespace metric = memlab::counters::metric;
  const float s = draw_scale();
  {
    const int side = 4096;  // rows start on 128-byte boundaries: a coalesced warp read is exactly 4 sectors
    DeviceArray<float> in((std::size_t)side * side, "in"), out((std::size_t)side * side, "out");
    in.upload(memlab::inputs().floats(in.size()));
    memlab::expect_counter_ratio(
        "coalesced_sectors_per_request",
        [&](cudaStream_t st) { scale_matrix(in.data(), out.data(), side, side, side, s, st); },
        metric::global_ld_sectors, metric::global_ld_requests, "sectors/request (scale_matrix global loads)");
  }
  {
    const std::size_t n = (std::size_t(1) << 24) + 3;
    DeviceArray<float> in(n + 4, "in"), out(n + 4, "out");
    in.upload(memlab::inputs().floats(in.size()));
    memlab::expect_counter_ratio(
        "vectorized_sectors_per_request",
        [&](cudaStream_t st) { scale_array(in.data() + kPerfOffset, out.data() + kPerfOffset, n, s, st); },
        metric::global_ld_sectors, metric::global_ld_requests, "sectors/request (scale_array global loads)");
  }
}
