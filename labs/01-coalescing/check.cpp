// Lab 01 checker: both kernels must be exact on awkward sizes and misaligned pointers, stay
// inside their outputs, and be fast for the right reason (few sectors per request in part A,
// wide requests in part B).
#include <memlab/bilingual.h>
#include <memlab/checker.h>
#include <memlab/counters.h>
#include <memlab/device_samples.h>
#include <memlab/sample_inputs.h>
#include <memlab/student_calls.h>
#include <memlab/timed_checks.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check_baseline.h"
#include "lab.h"
#include "student_proxy.h"
#include "lab_checks.h"

namespace {

using memlab::DeviceArray;

// The bit pattern DeviceArray::poison() leaves in every float: a float the kernel must not
// write still holds it afterwards.
bool is_poison(float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits == 0xFFFFFFFFu;
}

// One scale per grading, shared by its suites: the plan of a launcher depends on its scalar
// arguments, so a scale drawn per call would need a recorder run per call.
float draw_scale() {
  return static_cast<float>(
      memlab::grading_constant("lab01 scale", [] { return double(memlab::inputs().floats(1, 0.5f, 4.0f)[0]); }));
}

// ---- Part A: the 2-D window -------------------------------------------------------------------

struct Window {
  int rows, cols, pitch;
  std::size_t elements() const { return (std::size_t)rows * pitch; }
  // In English and Chinese, as every text of the report (memlab/bilingual.h).
  std::string text() const {
    return memlab::bilingual(fmt::format("{}x{} (pitch {})", rows, cols, pitch),
                             fmt::format("{}x{}（行距 {}）", rows, cols, pitch));
  }
};

const std::string kColon = memlab::bilingual(": ", "：");

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
  memlab::run_checked(memlab::join_bilingual({"scale_matrix ", w.text()}), [&](cudaStream_t st) {
    student::scale_matrix(in.data(), out.data(), w.rows, w.cols, w.pitch, s, st);
  });
  try {
    out.check_guards();
    in.check_guards();
  } catch (const memlab::OutOfBoundsWrite& e) {
    o.outside = memlab::join_bilingual({w.text(), kColon, e.what()});
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
        const std::string where = w.text();
        o.outside = memlab::bilingual(fmt::format("{}: out[{}][{}] was written, but column {} is past cols = {}",
                                                  memlab::english_part(where), r, c, c, w.cols),
                                      fmt::format("{}：out[{}][{}] 被写入了，但第 {} 列已超出 cols = {}",
                                                  memlab::chinese_part(where), r, c, c, w.cols));
        break;
      }
    }
  if (!o.outside.empty()) return o;
  auto cmp = memlab::compare_exact(got, want);
  if (!cmp.ok())
    o.wrong = memlab::join_bilingual(
        {w.text(), kColon, cmp.summary([&](std::size_t i) { return memlab::index_2d(i, w.cols, "out"); })});
  return o;
}

// ---- Part B: the stream -----------------------------------------------------------------------

struct StreamCase {
  std::size_t n;
  int in_offset, out_offset;  // floats past a 16-byte (indeed 256-byte) boundary
  std::string text() const {
    return memlab::bilingual(fmt::format("n = {}, in at +{} B, out at +{} B", n, 4 * in_offset, 4 * out_offset),
                             fmt::format("n = {}，in 位于 +{} B，out 位于 +{} B", n, 4 * in_offset, 4 * out_offset));
  }
};

// Arrays with 4 spare floats, so a pointer can start 0..3 floats past the aligned payload.
Outcome run_array_case(StreamCase c, DeviceArray<float>& in, DeviceArray<float>& out, const std::vector<float>& host) {
  Outcome o;
  const float s = draw_scale();
  out.poison();
  memlab::run_checked(memlab::join_bilingual({"scale_array ", c.text()}), [&](cudaStream_t st) {
    student::scale_array(in.data() + c.in_offset, out.data() + c.out_offset, c.n, s, st);
  });
  try {
    out.check_guards();
    in.check_guards();
  } catch (const memlab::OutOfBoundsWrite& e) {
    o.outside = memlab::join_bilingual({c.text(), kColon, e.what()});
    return o;
  }
  const std::vector<float> got_all = out.download();
  for (std::size_t j = 0; j < got_all.size(); ++j) {
    const bool inside = j >= (std::size_t)c.out_offset && j - c.out_offset < c.n;
    if (!inside && !is_poison(got_all[j])) {
      const std::string where = c.text();
      const long long at = (long long)j - c.out_offset;
      o.outside = memlab::bilingual(
          fmt::format("{}: out[{}] was written (valid: 0..{}-1)", memlab::english_part(where), at, c.n),
          fmt::format("{}：out[{}] 被写入了（有效范围：0..{}-1）", memlab::chinese_part(where), at, c.n));
      return o;
    }
  }
  std::vector<float> got(got_all.begin() + c.out_offset, got_all.begin() + c.out_offset + c.n), want(c.n);
  for (std::size_t i = 0; i < c.n; ++i) want[i] = s * host[c.in_offset + i];
  auto cmp = memlab::compare_exact(got, want);
  if (!cmp.ok())
    o.wrong = memlab::join_bilingual(
        {c.text(), kColon, cmp.summary([](std::size_t i) { return fmt::format("out[{}]", i); })});
  return o;
}

void keep_first(std::string& kept, const std::string& found) {
  if (kept.empty()) kept = found;
}

// ---- Timed work: fresh inputs for every sample, outputs verified on the GPU ------------------

// A scale kernel's timed arrays: before every sample `in` is redrawn from the sample's secret salt
// and `out` poisoned; after a verified one, out[out_offset + i] must be s * in[in_offset + i] for
// i < n, bit for bit, and every other float of `out` still poison (checked on the GPU).
class ScaleSamples {
 public:
  using ScaleLaunch = std::function<void(const float* in, float* out, cudaStream_t)>;
  ScaleSamples(std::size_t elements, std::size_t n, int in_offset, int out_offset, float s)
      : in_(elements, "in"), out_(elements, "out"), n_(n), in_offset_(in_offset), out_offset_(out_offset), s_(s) {}

  // `scale` (given in + in_offset and out + out_offset) on these arrays: prepared, verified and
  // held to the copy roofline's floor when `checked`; otherwise a trusted yardstick (the starter).
  memlab::TimedWork work(const std::string& name, const ScaleLaunch& scale, bool checked) {
    memlab::TimedWork w;
    w.name = name;
    w.launch = [this, scale](cudaStream_t st) { scale(in_.data() + in_offset_, out_.data() + out_offset_, st); };
    if (!checked) return w;
    w.prepare = [this](const memlab::SampleTag& tag, cudaStream_t st) {
      memlab::fill_sample_floats(in_.data(), in_.size(), tag.salt, st);
      memlab::poison_async(out_.data(), out_.bytes(), st);
    };
    w.verify = [this](const memlab::SampleTag& tag, cudaStream_t st) { return verify(tag, st); };
    w.floor = {2.0 * n_ * sizeof(float), &memlab::copy_roofline(), memlab::bilingual("copy", "复制")};
    return w;
  }

  // Timing a wrong kernel means nothing: the gate before the timed check `id`, guard zones included.
  bool right_before_timing(const memlab::TimedWork& work, memlab::CheckId id) {
    if (!memlab::verified_before_timing(work, {id})) return false;
    try {
      out_.check_guards();
      in_.check_guards();
    } catch (const memlab::OutOfBoundsWrite& e) {
      memlab::fail_check(
          id, memlab::join_bilingual({memlab::bilingual("not timed: ", "未计时："), work.name, kColon, e.what()}));
      return false;
    }
    return true;
  }

 private:
  std::string verify(const memlab::SampleTag& tag, cudaStream_t st) {
    const memlab::DeviceMismatches m = memlab::count_scaled_mismatches(out_.data(), out_.size(), out_offset_, n_,
                                                                       in_offset_, s_, tag.salt, counter_, st);
    if (m.count == 0) return "";
    const long long i = static_cast<long long>(m.first) - out_offset_;  // as the kernel indexes out
    const auto name = [&](std::size_t) { return fmt::format("out[{}]", i); };
    if (i < 0 || i >= static_cast<long long>(n_)) {
      const std::string found = memlab::describe_mismatches<float>(m, out_.size(), out_.data(), NAN, name);
      return memlab::bilingual(
          fmt::format("{} (valid: 0..{}-1: nothing else may be written)", memlab::english_part(found), n_),
          fmt::format("{}（有效范围：0..{}-1：别处都不能写入）", memlab::chinese_part(found), n_));
    }
    const float want = s_ * memlab::sample_float(tag.salt, static_cast<std::size_t>(i) + in_offset_);
    return memlab::describe_mismatches<float>(m, n_, out_.data(), want, name);
  }

  DeviceArray<float> in_, out_;
  std::size_t n_;
  int in_offset_, out_offset_;
  float s_;
  memlab::MismatchCounter counter_;
};

// Performance and mechanism sizes: far larger than any L2.
constexpr int kPerfSide = lab::param::perf_side;  // part A: 256 MiB per matrix
constexpr std::size_t kPerfN =
    (std::size_t(1) << lab::param::perf_n_log2) + lab::param::odd_n_extra;  // part B: 256 MiB, odd
// Part B and the counters: both pointers this many floats past a 16-byte boundary.
constexpr int kPerfOffset = lab::param::misaligned_bytes / int(sizeof(float));
static_assert(lab::param::misaligned_bytes % sizeof(float) == 0,
              "lab.json: misaligned_bytes is a whole number of floats");

}  // namespace

TEST_CASE("both kernels are exact and stay in bounds" * doctest::test_suite("correctness")) {
  std::string outside;

  // Part A: tiny, thin, non-multiple-of-32 windows, with and without a gap after each row.
  const std::vector<Window> windows = {{1, 1, 1},       {1, 37, 37},        {37, 1, 1},         {37, 1, 5},
                                       {31, 33, 33},    {33, 31, 40},       {32, 32, 32},       {100, 257, 300},
                                       {257, 100, 128}, {1000, 1000, 1000}, {1025, 2047, 2048}, {5000, 3, 7}};
  std::string matrix_wrong;
  for (Window w : windows) {
    DeviceArray<float> in(w.elements(), "in"), out(w.elements(), "out");
    Outcome o = run_matrix_case(w, in, out);
    keep_first(matrix_wrong, o.wrong);
    keep_first(outside, o.outside);
  }
  memlab::expect_true(lab::check::coalesced_exact, matrix_wrong.empty(),
                      matrix_wrong.empty()
                          ? memlab::bilingual(fmt::format("{} windows from 1x1 to 1025x2047 exact", windows.size()),
                                              fmt::format("{} 个窗口（从 1x1 到 1025x2047）全部正确", windows.size()))
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
  run_group({1000003, lab::param::vectorized_largest_n}, equal_and_mixed);
  memlab::expect_true(
      lab::check::vectorized_exact, array_wrong.empty(),
      array_wrong.empty()
          ? memlab::bilingual(
                fmt::format("{} (n, misalignment) cases exact, n = 0 to {}", cases, lab::param::vectorized_largest_n),
                fmt::format("{} 个（n，错位）组合全部正确，n = 0 到 {}", cases, lab::param::vectorized_largest_n))
          : array_wrong);

  memlab::expect_true(lab::check::stays_in_bounds, outside.empty(), outside);
}

TEST_CASE("both kernels are fast" * doctest::test_suite("performance")) {
  const float s = draw_scale();
  {
    const Window w{kPerfSide, kPerfSide, kPerfSide};  // no gap after a row: the window is the whole array
    ScaleSamples arrays(w.elements(), w.elements(), 0, 0, s);
    const memlab::TimedWork student = arrays.work(
        memlab::join_bilingual({"scale_matrix ", w.text()}),
        [&](const float* in, float* out, cudaStream_t st) {
          student::scale_matrix(in, out, w.rows, w.cols, w.pitch, s, st);
        },
        true);
    if (arrays.right_before_timing(student, lab::check::coalesced_speedup_vs_starter)) {
      const memlab::TimedWork starter = arrays.work(
          memlab::bilingual("the starter's scale_matrix", "起始代码的 scale_matrix"),
          [&](const float* in, float* out, cudaStream_t st) {
            baseline_scale_matrix(in, out, w.rows, w.cols, w.pitch, s, st);
          },
          false);
      memlab::expect_speedup(lab::check::coalesced_speedup_vs_starter, starter, student);
    }
  }
  {
    const StreamCase c{kPerfN, kPerfOffset, kPerfOffset};
    ScaleSamples arrays(kPerfN + 4, c.n, c.in_offset, c.out_offset, s);
    const memlab::TimedWork student = arrays.work(
        memlab::join_bilingual({"scale_array ", c.text()}),
        [&](const float* in, float* out, cudaStream_t st) { student::scale_array(in, out, c.n, s, st); }, true);
    if (arrays.right_before_timing(student, lab::check::vectorized_fraction_of_copy_roofline)) {
      // The gap rule compares the starter's scalar kernel on the same arrays with the roofline.
      const std::optional<double> starter_ms = memlab::median_time(
          arrays.work(
              memlab::bilingual("the starter's scale_array", "起始代码的 scale_array"),
              [&](const float* in, float* out, cudaStream_t st) { baseline_scale_array(in, out, c.n, s, st); }, false),
          {lab::check::vectorized_fraction_of_copy_roofline});
      if (starter_ms)
        memlab::expect_roofline_fraction(lab::check::vectorized_fraction_of_copy_roofline, student, starter_ms);
    }
  }
}

// Both counters are held to the work, not to another counter (memlab::expect_counter_against_work):
// broadcast loads beside an uncoalesced read would pull sectors per request down, and strided
// loads beside a scalar read would pull it up, but neither changes the floats the kernel must read.
TEST_CASE("both kernels are fast for the right reason" * doctest::test_suite("mechanism")) {
  namespace metric = memlab::counters::metric;
  const float s = draw_scale();
  {
    const int side =
        lab::param::counter_side;  // rows start on 128-byte boundaries: a coalesced warp read is exactly 4 sectors
    DeviceArray<float> in((std::size_t)side * side, "in"), out((std::size_t)side * side, "out");
    in.upload(memlab::inputs().floats(in.size()));
    // Every float is read once: 32 of them fill 4 sectors when a warp reads them together, and
    // touch 32 sectors when each lane's float lies in a row of its own.
    memlab::expect_counter_against_work(
        lab::check::coalesced_sectors_per_request,
        [&](cudaStream_t st) { student::scale_matrix(in.data(), out.data(), side, side, side, s, st); },
        metric::global_ld_sectors, double(side) * side / 32, memlab::CounterScale::per_work,
        memlab::bilingual("global-load sectors per 32 floats read", "每读 32 个 float 的全局内存加载扇区数"),
        memlab::bilingual(fmt::format("{}x{} floats", side, side), fmt::format("{}x{} 个 float", side, side)),
        "scale_matrix " + std::to_string(side) + "x" + std::to_string(side));
  }
  {
    const std::size_t n = (std::size_t(1) << lab::param::counter_n_log2) + lab::param::odd_n_extra;
    DeviceArray<float> in(n + 4, "in"), out(n + 4, "out");
    in.upload(memlab::inputs().floats(in.size()));
    // The array's own sectors (n floats of 4 bytes, 32 bytes each) per load request: a warp of
    // float4 loads covers 16 of them, of float2 8, of floats 4.
    memlab::expect_counter_against_work(
        lab::check::vectorized_sectors_per_request,
        [&](cudaStream_t st) { student::scale_array(in.data() + kPerfOffset, out.data() + kPerfOffset, n, s, st); },
        metric::global_ld_requests, double(n) * 4 / 32, memlab::CounterScale::work_per,
        memlab::bilingual("sectors of the array per global-load request", "每个全局内存加载请求对应的数组扇区数"),
        memlab::bilingual(fmt::format("n = {} floats, {:.0f} sectors of 32 bytes", n, double(n) * 4 / 32),
                          fmt::format("n = {} 个 float，{:.0f} 个 32 字节扇区", n, double(n) * 4 / 32)),
        fmt::format("scale_array n={}", n));
  }
}
