// Lab 03 checker. CPU: predicted_ways follows the gcd rule. GPU: the pure kernel writes exact sums
// at every stride (on fresh random words, against the course's reference kernel); it is
// shared-memory-bound (stride 1 near the banks' peak) and every stride pays its ways; a 2-way
// conflict costs the pure kernel and hides in the mixed one (a demonstration worth no points).
// The given mixed kernel's sums at every stride are a test of the course's own code, run by the
// course's own tests (checker/tests/labs/).
// The sweeps are written to the results folder as a table, a CSV and an SVG plot.
#include <memlab/bank_model.h>
#include <memlab/bank_patterns.h>
#include <memlab/bilingual.h>
#include <memlab/checker.h>
#include <memlab/counters.h>
#include <memlab/device_samples.h>
#include <memlab/environment.h>
#include <memlab/launch.h>
#include <memlab/line_plot.h>
#include <memlab/table.h>
#include <memlab/text_format.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <memlab/line_plot.h>

#include "check_reference.h"
#include "check_stride_sums.h"
#include "check_sweep.h"
#include "lab.h"
#include "student_proxy.h"
#include "lab_checks.h"

// lab.json's descriptions quote lab.h's contract through these parameters.
static_assert(lab::param::sweep_max_stride == kSweepMaxStride, "lab.json: sweep_max_stride is lab.h's kSweepMaxStride");
static_assert(lab::param::sweep_threads == kSweepThreads, "lab.json: sweep_threads is lab.h's kSweepThreads");
static_assert(lab::param::sweep_loads_per_thread == kSweepLoadsPerThread,
              "lab.json: sweep_loads_per_thread is lab.h's kSweepLoadsPerThread");

namespace {

using memlab::fixed;
using memlab::LinePlot;
using memlab::PlotBand;
using memlab::PlotSeries;
using memlab::Table;
using memlab::write_result_file;
using Sums = std::vector<std::uint32_t>;

constexpr std::size_t kMixedElements = std::size_t(1) << 25;  // 512 MiB of uint4: many times any L2
constexpr std::uint32_t kMixedWord = 0x01010101u;             // every word of the timed stream

// Either text may be bilingual (memlab/bilingual.h): both parts are joined.
std::string join(const std::string& a, const std::string& b) {
  return a.empty() ? b : b.empty() ? a : memlab::join_bilingual({a, memlab::bilingual("; ", "；"), b});
}

// "not timed: " and why, in English and Chinese.
std::string not_timed(const std::string& why) {
  return memlab::join_bilingual({memlab::bilingual("not timed: ", "未计时："), why});
}

double required(memlab::CheckId id) { return memlab::check_spec(id).required.value_or(0); }

// SMs x 32 banks x 4 bytes x the SM clock the runtime reports as the maximum (the H200's is
// docs/data/gpu-table.csv's boost_mhz). A GPU held below that clock measures a lower fraction, never a higher one.
double theoretical_shared_bandwidth() {
  const memlab::DeviceInfo& g = memlab::gpu();
  return double(g.sm_count) * 32 * 4 * g.max_sm_clock_khz * 1e3;
}

std::string theory_text(double theory) {
  const memlab::DeviceInfo& g = memlab::gpu();
  return fmt::format("{} GB/s = {} SMs x 128 B x {} MHz (the maximum SM clock)", fixed(theory / 1e9, 0), g.sm_count,
                     g.max_sm_clock_khz / 1000);
}

// theory_text in Chinese, for the report.
std::string theory_text_zh(double theory) {
  const memlab::DeviceInfo& g = memlab::gpu();
  return fmt::format("{} GB/s = {} 个 SM x 128 B x {} MHz（SM 的最高时钟频率）", fixed(theory / 1e9, 0), g.sm_count,
                     g.max_sm_clock_khz / 1000);
}

std::vector<int> strides_1_to(int last) {
  std::vector<int> s(last);
  std::iota(s.begin(), s.end(), 1);
  return s;
}

// ---- The pure kernel's inputs for its exactness checks ----------------------------------------

// Before each launch of an exactness check, fresh random words (a new salt from the run's seeded
// input generator, so MEMLAB_SEED reproduces them) in the kernel's input and in the checker's own
// copy. The sums they must give are the reference kernel's, run on that copy; a few threads of
// them are recomputed on the CPU, so the reference kernel is checked too. (The timed samples
// draw their words from secret salts instead: PureSweepSamples.)
class PureInputs {
 public:
  PureInputs()
      : words_(kSweepWords, "words"),
        copy_(kSweepWords, "words (the checker's copy)"),
        want_(kSweepThreads, "reference sums") {}

  const unsigned* words() const { return words_.data(); }
  void check_guards() const { words_.check_guards(); }

  // Draws this launch's words and returns the sums sweep_shared must write at `stride`.
  Sums draw(int stride) {
    const std::vector<std::uint32_t> host = sweep_input_words(memlab::inputs().next_u64());
    words_.upload(host);
    copy_.upload(host);
    MEMLAB_CUDA(cudaDeviceSynchronize());  // the uploads are done before the work stream reads them
    const cudaStream_t st = memlab::work_stream();
    reference_shared_sums(copy_.data(), stride, want_.data(), st);
    MEMLAB_CUDA(cudaStreamSynchronize(st));
    Sums want = want_.download();
    for (std::uint32_t t :
         {0u, 1u, 31u, 32u, 33u, 1000u, unsigned(kSweepThreads) / 2 + 7, unsigned(kSweepThreads) - 1}) {
      const std::uint32_t cpu = expected_shared_sum(host.data(), stride, t);
      if (want[t] != cpu)
        throw std::logic_error(fmt::format("course bug: the reference kernel gives {} = {} at stride {}, the CPU {}",
                                           sum_name(t), want[t], stride, cpu));
    }
    return want;
  }

 private:
  memlab::DeviceArray<unsigned> words_, copy_, want_;
};

// ---- The pure sweep: bandwidth per stride against stride 1 / ways ---------------------------

struct PureRow {
  int stride, ways;
  double ms, gbps, of_stride1, of_theory, expected_gbps;
  double ratio, ratio_half_width;  // measured / expected, and its 95 % half-width
  bool in_band;
};

std::vector<PureRow> analyse_pure(const std::vector<SweepPoint>& points, double theory, double band) {
  const SweepPoint& first = points.front();
  const double bw1 = kPureBytes / (first.ms() * 1e-3);
  std::vector<PureRow> rows;
  for (const auto& p : points) {
    PureRow r;
    r.stride = p.stride;
    r.ways = p.ways;
    r.ms = p.ms();
    const double bw = kPureBytes / (r.ms * 1e-3);
    r.gbps = bw / 1e9;
    r.of_stride1 = bw / bw1;
    r.of_theory = bw / theory;
    r.expected_gbps = bw1 / p.ways / 1e9;
    r.ratio = r.gbps / r.expected_gbps;
    r.ratio_half_width = r.ratio * std::hypot(p.relative_half_width(), first.relative_half_width());
    r.in_band = std::abs(r.ratio - 1) <= band;
    rows.push_back(r);
  }
  return rows;
}

Table pure_table(const std::vector<PureRow>& rows) {
  Table t{{"stride", "ways", "ms", "GB/s", "% of stride 1", "% of theory", "stride 1 / ways", "ratio", "in band"},
          {"stride", "ways", "ms", "gbps", "pct_of_stride1", "pct_of_theory", "expected_gbps", "ratio", "in_band"},
          {}};
  for (const auto& r : rows)
    t.rows.push_back({std::to_string(r.stride), std::to_string(r.ways), fixed(r.ms, 4), fixed(r.gbps, 0),
                      fixed(100 * r.of_stride1, 1), fixed(100 * r.of_theory, 1), fixed(r.expected_gbps, 0),
                      fixed(r.ratio, 3), r.in_band ? "yes" : "NO"});
  return t;
}

LinePlot pure_plot(const std::vector<PureRow>& rows, double theory, double band) {
  PlotBand inside{"+/- " + fixed(100 * band, 0) + " % band", {}, {}, {}, "#f4c7b5"};
  PlotSeries model{"stride 1 / ways", {}, {}, "#d0542c", PlotSeries::Line::dashed, false};
  PlotSeries measured{"measured", {}, {}, "#1f5fa8", PlotSeries::Line::none, true};
  PlotSeries peak{"theory: SMs x 128 B x clock", {}, {}, "#777777", PlotSeries::Line::dotted, false};
  for (const auto& r : rows) {
    for (auto* x : {&inside.x, &model.x, &measured.x, &peak.x}) x->push_back(r.stride);
    inside.lo.push_back(r.expected_gbps * (1 - band));
    inside.hi.push_back(r.expected_gbps * (1 + band));
    model.y.push_back(r.expected_gbps);
    measured.y.push_back(r.gbps);
    peak.y.push_back(theory / 1e9);
  }
  LinePlot plot{"Lab 03: shared-memory loads by stride (the pure kernel, " + memlab::gpu().name + ")",
                "stride between lanes (32-bit words)",
                "GB/s of shared-memory loads (log scale)",
                true,
                {1, 8, 16, 24, 32, 40, 48, 56, 64},
                {model, measured, peak},
                {inside},
                {},
                ""};
  return plot;
}

void write_sweep(const std::string& stem, const Table& table, const LinePlot& plot, const std::string& heading) {
  std::cout << "\n" << heading << "\n" << table.text() << "\n";
  write_result_file("lab03." + stem + ".txt", heading + "\n" + table.text());
  write_result_file("lab03." + stem + ".csv", table.csv());
  write_result_file("lab03." + stem + ".svg", render_svg(plot));
}

// ---- The mixed sweep: time per stride against stride 1 ---------------------------------------

Table mixed_table(const std::vector<SweepPoint>& points, double hidden_up_to) {
  Table t{{"stride", "ways", "ms", "time / stride 1", "DRAM GB/s", "conflict"},
          {"stride", "ways", "ms", "time_vs_stride1", "dram_gbps", "conflict"},
          {}};
  const double t1 = points.front().ms();
  for (const auto& p : points) {
    const double cost = p.ms() / t1;
    t.rows.push_back({std::to_string(p.stride), std::to_string(p.ways), fixed(p.ms(), 4), fixed(cost, 3),
                      fixed(16.0 * kMixedElements / (p.ms() * 1e-3) / 1e9, 0),
                      p.ways == 1            ? "none"
                      : cost <= hidden_up_to ? "hidden"
                                             : "shows"});
  }
  return t;
}

LinePlot mixed_plot(const std::vector<SweepPoint>& points) {
  PlotSeries ways{
      "ways: the price where shared memory is the bottleneck", {}, {}, "#d0542c", PlotSeries::Line::dashed, false};
  PlotSeries measured{"mixed kernel, measured", {}, {}, "#1f5fa8", PlotSeries::Line::none, true};
  const double t1 = points.front().ms();
  for (const auto& p : points) {
    ways.x.push_back(p.stride);
    ways.y.push_back(p.ways);
    measured.x.push_back(p.stride);
    measured.y.push_back(p.ms() / t1);
  }
  return {fmt::format("Lab 03: the mixed kernel (16 B from DRAM and {} shared loads per step, {})",
                      kMixedLoadsPerElement, memlab::gpu().name),
          "stride between lanes (32-bit words)",
          "time relative to stride 1 (log scale)",
          true,
          {1, 8, 16, 24, 32, 40, 48, 56, 64},
          {ways, measured},
          {},
          {},
          ""};
}

}  // namespace

// ---- CPU ------------------------------------------------------------------------------------

TEST_CASE("predicted_ways follows the gcd rule" * doctest::test_suite("cpu")) {
  constexpr int kLastStride = lab::param::last_predicted_stride;
  std::string wrong;
  for (int s = 1; s <= kLastStride && wrong.empty(); ++s) {
    const int want = gcd_rule_ways(s);
    // The course's bank model simulates the same warp; it must agree with the closed form.
    const int model = memlab::bank::analyze(memlab::bank::stride_access(4, s)).ways;
    REQUIRE_MESSAGE(model == want, "course bug: the bank model gives " << model << " ways at stride " << s);
    const int got = student::predicted_ways(s);
    if (got != want)
      wrong = memlab::bilingual(
          fmt::format("stride {}: predicted_ways gives {}, the gcd rule gcd({}, 32) = {} (the bank model agrees)", s,
                      got, s, want),
          fmt::format("步长 {}：predicted_ways 给出 {}，而 gcd 规则给出 gcd({}, 32) = {}（bank 模型的结果相同）", s,
                      got, s, want));
  }
  memlab::expect_true(lab::check::predicted_ways_gcd_rule, wrong.empty(),
                      wrong.empty()
                          ? memlab::bilingual(fmt::format("strides 1..{} all equal gcd(stride, 32)", kLastStride),
                                              fmt::format("步长 1..{} 的结果都等于 gcd(stride, 32)", kLastStride))
                          : wrong);
}

// ---- GPU: correctness -----------------------------------------------------------------------

TEST_CASE("your kernel writes exact sums at every stride" * doctest::test_suite("correctness")) {
  memlab::DeviceArray<unsigned> sums(kSweepThreads, "sums");
  const std::vector<int> all = strides_1_to(kSweepMaxStride);

  // The pure kernel: fresh random words at every stride.
  PureInputs inputs;
  const StrideLaunch pure = [&](int s, cudaStream_t st) { student::sweep_shared(inputs.words(), s, sums.data(), st); };
  std::string pure_wrong = first_wrong_stride("sweep_shared", pure, sums, all, [&](int s) { return inputs.draw(s); });
  try {
    inputs.check_guards();
  } catch (const memlab::OutOfBoundsWrite& e) {
    pure_wrong = join(pure_wrong, e.what());
  }
  memlab::expect_true(
      lab::check::every_stride_exact, pure_wrong.empty(),
      pure_wrong.empty()
          ? memlab::bilingual(fmt::format("strides 1-{}: all {} sums exact at each, on fresh random words",
                                          kSweepMaxStride, kSweepThreads),
                              fmt::format("步长 1-{}：每个步长下 {} 个和全部精确（每个步长都用新的随机字）",
                                          kSweepMaxStride, kSweepThreads))
          : pure_wrong);
}

namespace {

// The sweep's work as lab.h fixes it: one 4-byte shared load per lane and load (warp instructions).
constexpr double kContractLoads = double(kSweepThreads) / 32 * kSweepLoadsPerThread;

// The counted shared loads held to that work, within 1 %: fewer means loads went elsewhere
// (registers, global memory, wider loads), more means loads were added (which could dilute or
// pad the wavefronts per load). In English and Chinese, or empty.
std::string shared_load_count_problem(int stride, double loads) {
  if (std::abs(loads - kContractLoads) <= 0.01 * kContractLoads) return "";
  return memlab::bilingual(
      fmt::format("stride {}: the counters saw {} shared-load instructions, the contract asks for {} (one per lane "
                  "and load, 32 lanes a warp). Loads hoisted out of the loop, kept in registers, merged into wider "
                  "loads, made through a generic pointer (LD instead of LDS) or added beside the benchmark's are not "
                  "the benchmark",
                  stride, fixed(loads, 0), fixed(kContractLoads, 0)),
      fmt::format("步长 {}：计数器看到 {} 条共享内存加载指令，而 lab.h 的约定要求 {} 条（每个 lane 每次加载算一次，32 "
                  "个 lane 为一个 warp）。被移到循环外的加载、放在寄存器里的数据、被合并成更宽的加载、经由通用指针的"
                  "加载（LD 而不是 LDS），或者在基准测试之外多加的加载，都不是这个基准测试要测的",
                  stride, fixed(loads, 0), fixed(kContractLoads, 0)));
}

// Why the timed checks must not time sweep_shared at these strides: its shared loads are not the
// contract's. Right sums prove the fold was done, but not where the words came from: a kernel that
// folds its lane's 32 words from registers and waits out ways x T1 on the clock would give a
// perfect sweep. Empty when the counts hold, or when the counters cannot be read (then only the
// timed defences apply; wavefronts_per_load_match_ways is skipped there too).
std::string timed_loads_problem(const unsigned* words, memlab::DeviceArray<unsigned>& sums,
                                const std::vector<int>& strides) {
  namespace metric = memlab::counters::metric;
  for (int s : strides) {
    const memlab::CounterValues c = memlab::read_counters(
        {metric::shared_ld_instructions}, [&](cudaStream_t st) { student::sweep_shared(words, s, sums.data(), st); },
        memlab::bilingual(fmt::format("sweep_shared at stride {}", s), fmt::format("步长为 {} 时的 sweep_shared", s)));
    if (!c.ok) return "";
    if (std::string problem = shared_load_count_problem(s, c[metric::shared_ld_instructions]); !problem.empty())
      return problem;
  }
  return "";
}

}  // namespace

// ---- GPU: performance -----------------------------------------------------------------------

TEST_CASE("the pure kernel is shared-memory-bound and every stride pays its ways" *
          doctest::test_suite("performance")) {
  memlab::DeviceArray<unsigned> sums(kSweepThreads, "sums");
  PureInputs inputs;
  const StrideLaunch pure = [&](int s, cudaStream_t st) { student::sweep_shared(inputs.words(), s, sums.data(), st); };

  // Timing a wrong kernel means nothing.
  const std::string wrong =
      first_wrong_stride("sweep_shared", pure, sums, {1, 2, 32}, [&](int s) { return inputs.draw(s); });
  const std::string unfit = wrong.empty() ? timed_loads_problem(inputs.words(), sums, {1, 2, 32}) : wrong;
  if (!unfit.empty()) {
    memlab::fail_check(lab::check::stride1_fraction_of_theory, not_timed(unfit));
    memlab::fail_check(lab::check::sweep_band, not_timed(unfit));
    return;
  }

  const double theory = theoretical_shared_bandwidth();
  const double band = required(lab::check::sweep_band);
  PureSweepSamples samples(student::sweep_shared, theory);
  const std::vector<SweepPoint> points = time_sweep([&](int stride) { return samples.work(stride); }, kSweepMaxStride);
  const std::string invalid = sweep_invalid(points);
  if (!invalid.empty()) {
    memlab::fail_check(lab::check::stride1_fraction_of_theory, invalid);
    memlab::fail_check(lab::check::sweep_band, invalid);
    return;
  }
  const std::vector<PureRow> rows = analyse_pure(points, theory, band);
  write_sweep("sweep", pure_table(rows), pure_plot(rows, theory, band),
              fmt::format("Pure kernel, strides 1-{}; theory {}", kSweepMaxStride, theory_text(theory)));
  const std::string env_doubt = memlab::read_environment(memlab::gpu()).doubt();

  // Stride 1: the fraction of the banks' peak. Faster than the peak means loads went missing.
  const PureRow& one = rows.front();
  const std::string one_en = fixed(100 * one.of_theory, 1) + " % of " + theory_text(theory) + " (" +
                             fixed(one.gbps, 0) + " GB/s at stride 1, " + fixed(one.ms, 4) + " ms, +/- " +
                             fixed(100 * points.front().relative_half_width(), 1) + " %)";
  const std::string one_zh = fmt::format("达到 {} 的 {} %（步长 1：{} GB/s，{} ms，+/- {} %）", theory_text_zh(theory),
                                         fixed(100 * one.of_theory, 1), fixed(one.gbps, 0), fixed(one.ms, 4),
                                         fixed(100 * points.front().relative_half_width(), 1));
  const std::string one_text = memlab::bilingual(one_en, one_zh);
  if (one.of_theory > 1.10) {
    memlab::fail_check(
        lab::check::stride1_fraction_of_theory,
        memlab::bilingual(fmt::format("impossible: {}; no kernel loads faster than the banks deliver, "
                                      "so some of the {} loads per thread did not happen",
                                      one_en, kSweepLoadsPerThread),
                          fmt::format("不可能：{}；核函数的加载不可能比 bank 交付得更快，所以每个线程的 {} "
                                      "次加载中有一些没有执行",
                                      one_zh, kSweepLoadsPerThread)));
  } else {
    const double h = points.front().relative_half_width();
    memlab::expect_value(lab::check::stride1_fraction_of_theory,
                         {one.of_theory, one.of_theory * (1 - h), one.of_theory * (1 + h)}, one_text,
                         join(points.front().time.doubt(), env_doubt));
  }

  // Every stride: measured / (stride 1 / ways), judged by its worst deviation from 1.
  double worst = -1, worst_low = 0, worst_high = 0;
  const PureRow* worst_row = nullptr;
  int outside = 0;
  for (const auto& r : rows) {
    const double dev = std::abs(r.ratio - 1);
    worst_low = std::max(worst_low, dev - r.ratio_half_width);
    worst_high = std::max(worst_high, dev + r.ratio_half_width);
    if (dev > worst) worst = dev, worst_row = &r;
    outside += r.in_band ? 0 : 1;
  }
  const std::string band_text = memlab::bilingual(
      fmt::format("worst: stride {} ({}-way) at {} x stride 1 / {}; {} of {} strides inside +/- {} %",
                  worst_row->stride, worst_row->ways, fixed(worst_row->ratio, 3), worst_row->ways,
                  rows.size() - outside, rows.size(), fixed(100 * band, 0)),
      fmt::format(
          "最差：步长 {}（{} 路冲突），测得的带宽是（步长 1 的带宽 / {}）的 {} 倍；{} 个步长中有 {} 个在 +/- {} % 以内",
          worst_row->stride, worst_row->ways, worst_row->ways, fixed(worst_row->ratio, 3), rows.size(),
          rows.size() - outside, fixed(100 * band, 0)));
  memlab::expect_value(lab::check::sweep_band, {worst, std::max(0.0, worst_low), worst_high}, band_text,
                       join(sweep_doubt(points), env_doubt));
}

// ---- GPU: mechanism -------------------------------------------------------------------------

TEST_CASE("a 2-way conflict costs the pure kernel and hides behind the mixed kernel's DRAM stream" *
          doctest::test_suite("mechanism")) {
  memlab::DeviceArray<unsigned> sums(kSweepThreads, "sums");

  // Both sides of each pair are the student's code, so both are timed as the performance suite
  // times the sweep: fresh words and poisoned sums before every sample, a secret subset verified,
  // every sample held to the floor. Both sides are verified, so each has buffers of its own.
  PureInputs inputs;
  const StrideLaunch pure = [&](int s, cudaStream_t st) { student::sweep_shared(inputs.words(), s, sums.data(), st); };
  const std::string pure_wrong =
      first_wrong_stride("sweep_shared", pure, sums, {1, 2}, [&](int s) { return inputs.draw(s); });
  const std::string pure_unfit = pure_wrong.empty() ? timed_loads_problem(inputs.words(), sums, {1, 2}) : pure_wrong;
  if (pure_unfit.empty()) {
    const double theory = theoretical_shared_bandwidth();
    PureSweepSamples samples1(student::sweep_shared, theory), samples2(student::sweep_shared, theory);
    // time(stride 2) / time(stride 1)
    memlab::expect_speedup(lab::check::pure_2way_cost, samples2.work(2), samples1.work(1));
  } else {
    memlab::fail_check(lab::check::pure_2way_cost, not_timed(pure_unfit));
  }

  memlab::DeviceArray<uint4> in(kMixedElements, "in");
  MEMLAB_CUDA(cudaMemset(in.data(), 0x01, in.bytes()));  // every word 0x01010101: the sums stay checkable
  const Sums stream = mixed_stream_sums(kMixedWord, kMixedElements);
  const auto mixed_sums = [&](int s) { return expected_mixed_sums(stream, kMixedElements, s); };
  const StrideLaunch mixed = [&](int s, cudaStream_t st) {
    student::sweep_mixed(in.data(), kMixedElements, s, sums.data(), st);
  };
  const std::string mixed_wrong = first_wrong_stride("sweep_mixed", mixed, sums, {1, 2}, mixed_sums);
  if (!mixed_wrong.empty()) {
    memlab::fail_check(lab::check::mixed_2way_cost, not_timed(mixed_wrong));
    return;
  }
  const std::vector<SweepPoint> points = time_sweep(mixed, kSweepMaxStride);
  write_sweep("mixed", mixed_table(points, required(lab::check::mixed_2way_cost)), mixed_plot(points),
              fmt::format("Mixed kernel (each thread: 16 B from DRAM and {} shared loads per step), strides 1-{}",
                          kMixedLoadsPerElement, kSweepMaxStride));

  // `in` stays as it is (the sums of its fixed words are known at every stride); the floor is its
  // 16 bytes per element read once from DRAM (many times the L2, flushed before every sample)
  // at this GPU's measured read rate.
  const memlab::PhysicalFloor dram{16.0 * kMixedElements, &memlab::read_roofline(), memlab::bilingual("read", "读")};
  const StrideSumsSamples::Kernel mixed_kernel = [&](int s, unsigned* out, cudaStream_t st) {
    student::sweep_mixed(in.data(), kMixedElements, s, out, st);
  };
  StrideSumsSamples mixed1("sweep_mixed", kSweepThreads, mixed_kernel, mixed_sums, dram),
      mixed2("sweep_mixed", kSweepThreads, mixed_kernel, mixed_sums, dram);
  memlab::expect_speedup(lab::check::mixed_2way_cost, mixed2.work(2),
                         mixed1.work(1));  // time(stride 2) / time(stride 1)
}

TEST_CASE("hardware counters: a load at stride s takes gcd(s, 32) wavefronts" * doctest::test_suite("mechanism")) {
  namespace metric = memlab::counters::metric;
  constexpr memlab::CheckId id = lab::check::wavefronts_per_load_match_ways;
  memlab::DeviceArray<unsigned> sums(kSweepThreads, "sums");
  // Random words (the counts do not depend on them). Copying them into shared memory adds shared
  // STORES only; both metrics below count shared LOADS (op_ld), so the copy changes neither.
  memlab::DeviceArray<unsigned> words(kSweepWords, "words");
  words.upload(sweep_input_words(memlab::inputs().next_u64()));
  Table table{{"stride", "ways", "shared-load instructions", "wavefronts", "wavefronts per load"}, {}, {}};
  double worst = 0, worst_per_load = 1;
  int worst_stride = 1;
  std::string missing;
  const std::vector<int> strides = {1, 2, 3, 4, 8, 16, 32, 33, 64};
  for (int s : strides) {
    const memlab::CounterValues c =
        memlab::read_counters({metric::shared_ld_wavefronts, metric::shared_ld_instructions},
                              [&](cudaStream_t st) { student::sweep_shared(words.data(), s, sums.data(), st); });
    if (!c.ok) {
      memlab::skip_check(id, memlab::counters_unavailable(c.reason));
      return;
    }
    const double loads = c[metric::shared_ld_instructions], wavefronts = c[metric::shared_ld_wavefronts];
    if (missing.empty()) missing = shared_load_count_problem(s, loads);
    const double per_load = loads > 0 ? wavefronts / loads : 0;
    const int ways = gcd_rule_ways(s);
    const double dev = std::abs(per_load - ways) / ways;
    if (dev >= worst) worst = dev, worst_stride = s, worst_per_load = per_load;
    table.rows.push_back(
        {std::to_string(s), std::to_string(ways), fixed(loads, 0), fixed(wavefronts, 0), fixed(per_load, 3)});
  }
  std::cout << "\nShared-memory counters of sweep_shared (one launch each)\n" << table.text() << "\n";
  if (!missing.empty()) {
    memlab::fail_check(id, missing);
    return;
  }
  memlab::expect_value(
      id, memlab::Estimate::exact(worst),
      memlab::bilingual(fmt::format("worst {} % off: stride {}, {} wavefronts per load for {} ways ({} strides from 1 "
                                    "to 64, {} loads each)",
                                    fixed(100 * worst, 1), worst_stride, fixed(worst_per_load, 3),
                                    gcd_rule_ways(worst_stride), strides.size(), fixed(kContractLoads, 0)),
                        fmt::format("最大偏差 {} %：步长 {} 应为 {} 路，实测每次加载 {} 个 wavefront（从 1 到 64 共 "
                                    "{} 个步长，每个 {} 次加载）",
                                    fixed(100 * worst, 1), worst_stride, gcd_rule_ways(worst_stride),
                                    fixed(worst_per_load, 3), strides.size(), fixed(kContractLoads, 0))));
}
