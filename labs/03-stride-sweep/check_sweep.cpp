#include "check_sweep.h"

#include <memlab/bilingual.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "check_reference.h"

double SweepPoint::relative_half_width() const {
  const auto& s = time.stats;
  if (s.n < 2 || s.mean <= 0) return 1.0;
  return memlab::t_quantile_95(s.n - 1) * s.stddev / std::sqrt(static_cast<double>(s.n)) / s.mean;
}

namespace {
memlab::SamplingCriteria per_stride_criteria() {
  memlab::SamplingCriteria c = memlab::sampling_criteria();
  c.max_rse = std::max(c.max_rse, 0.01);  // 1 % is plenty against a +-25 % band
  c.min_samples = std::min<std::size_t>(c.min_samples, 5);
  c.min_seconds /= 20;
  c.max_seconds /= 6;
  return c;
}
}  // namespace

std::vector<SweepPoint> time_sweep(const StrideWork& work_at, int max_stride) {
  const memlab::SamplingCriteria criteria = per_stride_criteria();
  memlab::KernelTimer& timer = memlab::timer();
  std::vector<SweepPoint> points;
  for (int stride = 1; stride <= max_stride; ++stride) {
    const memlab::TimedWork work = work_at(stride);
    timer.time_once(work.launch);  // warm-up: the kernel is loaded, only the stride is new
    memlab::SampleTag tag;
    std::size_t taken = 0;
    const memlab::SampleChecks checks = timer.checks_for(work, tag);
    SweepPoint p;
    p.stride = stride;
    p.ways = gcd_rule_ways(stride);
    // A stride whose samples drifted or scattered is timed again, as the checker's other timed
    // checks are: on the H100 single strides drifted by 6 to 20 % while the rest of the sweep
    // held still, and one doubted stride makes the whole sweep inconclusive.
    for (p.attempts = 1;; ++p.attempts) {
      p.time = memlab::sample_until_stable(
          [&] {
            tag = timer.next_tag(++taken);
            return timer.time_once(work, tag);
          },
          criteria, checks);
      if (!p.time.invalid.empty() || p.time.doubt().empty() || p.attempts == memlab::kTimedAttempts) break;
    }
    points.push_back(std::move(p));
    if (!points.back().time.invalid.empty()) break;  // no point timing the rest
  }
  return points;
}

std::vector<SweepPoint> time_sweep(const StrideLaunch& launch, int max_stride) {
  return time_sweep(
      [&](int stride) {
        return memlab::TimedWork{
            fmt::format("stride {}", stride), [&launch, stride](cudaStream_t s) { launch(stride, s); }, {}, {}, {}};
      },
      max_stride);
}

std::string sweep_invalid(const std::vector<SweepPoint>& points) {
  for (const auto& p : points)
    if (!p.time.invalid.empty())
      return memlab::join_bilingual(
          {memlab::bilingual(fmt::format("stride {}: ", p.stride), fmt::format("步长 {}：", p.stride)),
           p.time.invalid});
  return "";
}

std::string sweep_doubt(const std::vector<SweepPoint>& points) {
  std::string en, zh;  // the doubt in English and in Chinese
  for (const auto& p : points) {
    const std::string d = p.time.doubt();
    if (d.empty()) continue;
    if (!en.empty()) {
      en += "; ";
      zh += "；";
    }
    en += fmt::format("stride {} (timed {} times): {}", p.stride, p.attempts, memlab::english_part(d));
    zh += fmt::format("步长 {}（计时 {} 次）：{}", p.stride, p.attempts, memlab::chinese_part(d));
  }
  return en.empty() ? "" : memlab::bilingual(en, zh);
}

PureSweepSamples::PureSweepSamples(Kernel kernel, double theory)
    : kernel_(std::move(kernel)),
      words_(kSweepWords, "sweep_shared words"),
      reference_words_(kSweepWords, "sweep_shared words (the checker's copy)"),
      sums_(kSweepThreads, "sweep_shared sums"),
      want_(kSweepThreads, "sweep_shared expected sums") {
  theory_.bytes_per_second = theory_.low = theory_.high = theory;
}

memlab::TimedWork PureSweepSamples::work(int stride_words) {
  memlab::TimedWork w;
  w.name = memlab::bilingual(fmt::format("sweep_shared at stride {}", stride_words),
                             fmt::format("步长为 {} 时的 sweep_shared", stride_words));
  w.launch = [this, stride_words](cudaStream_t st) { kernel_(words_.data(), stride_words, sums_.data(), st); };
  w.prepare = [this](const memlab::SampleTag& tag, cudaStream_t st) {
    fill_sweep_inputs(words_.data(), tag.salt, st);
    memlab::poison_async(sums_.data(), sums_.bytes(), st);
  };
  w.verify = [this, stride_words](const memlab::SampleTag& tag, cudaStream_t st) {
    return verify(tag, stride_words, st);
  };
  w.floor = {kPureBytes, &theory_,
             memlab::bilingual("theoretical shared-memory (SMs x 128 B x maximum clock)",
                               "共享内存理论值（SM 数 × 128 B × 最高时钟频率）")};
  return w;
}

std::string PureSweepSamples::verify(const memlab::SampleTag& tag, int stride_words, cudaStream_t st) {
  fill_sweep_inputs(reference_words_.data(), tag.salt, st);
  reference_shared_sums(reference_words_.data(), stride_words, want_.data(), st);
  const memlab::DeviceMismatches m =
      memlab::count_word_mismatches(sums_.data(), want_.data(), sums_.size(), counter_, st);
  if (m.count == 0) return "";
  unsigned got = 0, want = 0;
  MEMLAB_CUDA(cudaMemcpy(&got, sums_.data() + m.first, sizeof got, cudaMemcpyDeviceToHost));
  MEMLAB_CUDA(cudaMemcpy(&want, want_.data() + m.first, sizeof want, cudaMemcpyDeviceToHost));
  return memlab::bilingual(fmt::format("{} of {} sums differ; first: {} = {} (want {})", m.count, sums_.size(),
                                       sum_name(m.first), got, want),
                           fmt::format("{} 个和中有 {} 个不同；第一个：{} = {}（应为 {}）", sums_.size(), m.count,
                                       sum_name(m.first), got, want));
}

StrideSumsSamples::StrideSumsSamples(std::string kernel_name, std::size_t threads, Kernel kernel, ExpectedSums expected,
                                     memlab::PhysicalFloor floor)
    : name_(std::move(kernel_name)),
      kernel_(std::move(kernel)),
      expected_(std::move(expected)),
      floor_(std::move(floor)),
      sums_(threads, name_ + " sums"),
      want_device_(threads, name_ + " expected sums") {}

memlab::TimedWork StrideSumsSamples::work(int stride_words) {
  want_ = expected_(stride_words);
  if (want_.size() != sums_.size())
    throw std::logic_error(
        fmt::format("course bug: {} expected sums for {} threads of {}", want_.size(), sums_.size(), name_));
  want_device_.upload(want_);
  want_stride_ = stride_words;
  memlab::TimedWork w;
  w.name = memlab::bilingual(fmt::format("{} at stride {}", name_, stride_words),
                             fmt::format("步长为 {} 时的 {}", stride_words, name_));
  w.launch = [this, stride_words](cudaStream_t st) { kernel_(stride_words, sums_.data(), st); };
  w.prepare = [this](const memlab::SampleTag&, cudaStream_t st) {
    memlab::poison_async(sums_.data(), sums_.bytes(), st);
  };
  w.verify = [this, stride_words](const memlab::SampleTag&, cudaStream_t st) { return verify(stride_words, st); };
  w.floor = floor_;
  return w;
}

std::string StrideSumsSamples::verify(int stride_words, cudaStream_t st) {
  if (stride_words != want_stride_)
    throw std::logic_error(
        fmt::format("course bug: {} at stride {} verified against the sums of stride {} (one object per timed work)",
                    name_, stride_words, want_stride_));
  const memlab::DeviceMismatches m =
      memlab::count_word_mismatches(sums_.data(), want_device_.data(), sums_.size(), counter_, st);
  if (m.count == 0) return "";
  unsigned got = 0;
  MEMLAB_CUDA(cudaMemcpy(&got, sums_.data() + m.first, sizeof got, cudaMemcpyDeviceToHost));
  return memlab::bilingual(fmt::format("{} of {} sums differ; first: {} = {} (want {})", m.count, sums_.size(),
                                       sum_name(m.first), got, want_[m.first]),
                           fmt::format("{} 个和中有 {} 个不同；第一个：{} = {}（应为 {}）", sums_.size(), m.count,
                                       sum_name(m.first), got, want_[m.first]));
}
