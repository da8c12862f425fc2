// Lab 08 checker. CPU: the student's functions return sane values, and the student's predictions
// agree with cuda_occupancy.h on three parts (of kind mechanism). Mechanism: the predictions agree
// with the runtime's occupancy API on this GPU. Performance: every candidate is timed on one
// matrix, and the student's choice must be within 5 % of the fastest.
// The course's own code is tested apart, by the course's own tests (checker/tests/labs/): its
// occupancy calculator against cuda_occupancy.h, and its candidate kernels on a GPU.
#include <memlab/bilingual.h>
#include <memlab/checker.h>
#include <memlab/environment.h>
#include <memlab/table.h>
#include <memlab/transpose_check.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "check_candidates.h"
#include "check_occupancy.h"
#include "check_timing.h"
#include "lab.h"
#include "student_proxy.h"
#include "lab_checks.h"

// lab.json's descriptions quote lab.h's grid through this parameter.
static_assert(kCandidates.size() == lab::param::candidates, "lab.json: candidates is the size of lab.h's kCandidates");

namespace {

constexpr int kPerfN = lab::param::perf_side;  // 224 x 72 = 64 x 252: whole tiles; ~1 GB per matrix, over 10x every L2
                                               // of docs/data/gpu-table.csv
// What the starter's choose_candidate() returns, as shipped: the starter side of the gap rule.
constexpr Candidate kStarterChoice = {Layout::unpadded, 512};

// Either text may be bilingual (memlab/bilingual.h): both parts are joined.
std::string join(const std::string& a, const std::string& b) {
  return a.empty() ? b : b.empty() ? a : memlab::join_bilingual({a, memlab::bilingual("; ", "；"), b});
}

bool in_grid(Candidate c) { return std::find(kCandidates.begin(), kCandidates.end(), c) != kCandidates.end(); }

// In English and Chinese.
std::string choice_text(Candidate c) {
  return in_grid(c) ? candidate_name(c)
                    : memlab::bilingual(fmt::format("{{layout {}, {} threads}}, which is not a candidate",
                                                    static_cast<int>(c.layout), c.threads),
                                        fmt::format("{{layout {}, {} threads}}，它不在候选之中",
                                                    static_cast<int>(c.layout), c.threads));
}

// Compares predicted_blocks_per_sm with cuda_occupancy.h on every graded case of every known
// part: the number of cases, of disagreements, and the first few, described (in English and
// Chinese).
struct Agreement {
  int cases = 0, wrong = 0;
  std::string first;
};
Agreement agreement_with_header() {
  Agreement a;
  for (const DeviceLimits& gpu : known_parts())
    for (const OccupancyCase& c : graded_cases()) {
      ++a.cases;
      const OccupancyLimits header = header_occupancy(c.resources, gpu);
      const int yours = student::predicted_blocks_per_sm(c.resources, gpu);
      if (yours != header.blocks() && ++a.wrong <= 3)
        a.first = join(a.first,
                       memlab::bilingual(fmt::format("{}, {} ({}): you {}, cuda_occupancy.h {}", gpu.name, c.what,
                                                     describe(c.resources), yours, describe(header)),
                                         fmt::format("{}，{}（{}）：你的答案 {}，cuda_occupancy.h 给出 {}", gpu.name,
                                                     c.what_zh, describe_zh(c.resources), yours, describe_zh(header))));
    }
  return a;
}

DeviceLimits this_gpu(cudaDeviceProp& prop) {
  MEMLAB_CUDA(cudaGetDeviceProperties(&prop, memlab::gpu().index));
  return limits_of_device(prop);
}

}  // namespace

// ---- CPU ----------------------------------------------------------------------------------------

TEST_CASE("your predictions and choice are well-formed" * doctest::test_suite("cpu")) {
  std::string bad;
  int cases = 0;
  for (const DeviceLimits& gpu : known_parts())
    for (const OccupancyCase& c : graded_cases()) {
      ++cases;
      const int p = student::predicted_blocks_per_sm(c.resources, gpu);
      if ((p < 0 || p > gpu.max_blocks_per_sm) && bad.empty())
        bad = memlab::bilingual(
            fmt::format("{}, {}: predicted_blocks_per_sm gives {}, outside 0..{} (the SM's block limit)", gpu.name,
                        c.what, p, gpu.max_blocks_per_sm),
            fmt::format("{}，{}：predicted_blocks_per_sm 给出 {}，不在 0..{} 之内（SM 的线程块上限）", gpu.name,
                        c.what_zh, p, gpu.max_blocks_per_sm));
    }
  memlab::expect_true(lab::check::predictions_in_range, bad.empty(),
                      bad.empty()
                          ? memlab::bilingual(fmt::format("{} predictions, each between 0 and the block limit", cases),
                                              fmt::format("{} 个预测，每个都在 0 和线程块上限之间", cases))
                          : bad);

  std::string choices, outside;
  for (const DeviceLimits& gpu : known_parts()) {
    const Candidate c = student::choose_candidate(gpu);
    const std::string named = memlab::join_bilingual(
        {memlab::bilingual(std::string(gpu.name) + ": ", std::string(gpu.name) + "："), choice_text(c)});
    choices = join(choices, named);
    if (!in_grid(c) && outside.empty()) outside = named;
  }
  memlab::expect_true(lab::check::choice_is_a_candidate, outside.empty(), outside.empty() ? choices : outside);
}

// cpu, kind mechanism: pure CPU work (cuda_occupancy.h is a host-only calculator), so it is
// graded without a GPU; like predictions_match_runtime below it grades the prediction itself.
TEST_CASE("your predictions agree with cuda_occupancy.h on three parts" * doctest::test_suite("cpu")) {
  REQUIRE_MESSAGE(graded_cases().size() == std::size_t(lab::param::candidates + lab::param::what_if_kernels),
                  "course bug: lab.json's candidates + what_if_kernels is not the number of graded kernels");
  const Agreement a = agreement_with_header();
  REQUIRE_MESSAGE(a.cases == lab::param::graded_predictions,
                  "course bug: lab.json's graded_predictions is not the number of predictions graded");
  memlab::expect_true(
      lab::check::predictions_match_cuda_occupancy, a.wrong == 0,
      a.wrong == 0 ? memlab::bilingual(fmt::format("all {} predictions agree (H200, A100, RTX 4090)", a.cases),
                                       fmt::format("全部 {} 个预测都一致（H200、A100、RTX 4090）", a.cases))
                   : memlab::join_bilingual(
                         {memlab::bilingual(fmt::format("{} of {} predictions differ; first: ", a.wrong, a.cases),
                                            fmt::format("{} 个预测中有 {} 个不同；最先发现的：", a.cases, a.wrong)),
                          a.first}));
}

// ---- Mechanism: the predictions on this GPU -------------------------------------------------------

TEST_CASE("your predictions agree with the runtime on this GPU" * doctest::test_suite("mechanism")) {
  cudaDeviceProp prop;
  DeviceLimits gpu;
  try {
    gpu = this_gpu(prop);
  } catch (const std::runtime_error& e) {
    memlab::skip_check(
        lab::check::predictions_match_runtime,
        memlab::bilingual(memlab::english_part(e.what()), std::string("无法得知这块 GPU 的占用率限制：") +
                                                              std::string(memlab::chinese_part(e.what()))));
    return;
  }
  memlab::Table table{{"candidate", "registers", "shared B/block", "runtime API", "cuda_occupancy.h", "yours"}, {}, {}};
  std::string wrong, note;  // wrong: in English and Chinese
  int agree = 0;
  for (const CandidateKernel& k : candidate_kernels()) {
    cudaFuncAttributes attr;
    MEMLAB_CUDA(cudaFuncGetAttributes(&attr, k.function));
    const KernelResources used = {k.candidate.threads, attr.numRegs, static_cast<int>(attr.sharedSizeBytes),
                                  tile_bytes(k.candidate.layout)};
    int runtime = -1;
    MEMLAB_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&runtime, k.function, used.threads_per_block,
                                                              used.dynamic_shared_bytes));
    const int header = header_occupancy(used, gpu).blocks();
    const int yours = student::predicted_blocks_per_sm(used, gpu);
    table.rows.push_back({candidate_name(k.candidate), std::to_string(attr.numRegs),
                          std::to_string(used.static_shared_bytes + used.dynamic_shared_bytes), std::to_string(runtime),
                          std::to_string(header), std::to_string(yours)});
    agree += yours == runtime;
    if (yours != runtime && wrong.empty())
      wrong = memlab::bilingual(
          fmt::format("{} ({}): you {}, the runtime {}; cuda_occupancy.h: {}", candidate_name(k.candidate),
                      describe(used), yours, runtime, describe(header_occupancy(used, gpu))),
          fmt::format("{}（{}）：你的答案 {}，运行时 API 给出 {}；cuda_occupancy.h：{}", candidate_name(k.candidate),
                      describe_zh(used), yours, runtime, describe_zh(header_occupancy(used, gpu))));
    if (header != runtime && note.empty())
      note = fmt::format("note for the instructor: cuda_occupancy.h gives {} for {} where the runtime gives {}", header,
                         candidate_name(k.candidate), runtime);
  }
  const std::string heading = fmt::format("Resident blocks per SM on {} ({} B shared per SM, {} threads, {} blocks):\n",
                                          prop.name, gpu.shared_per_sm, gpu.max_threads_per_sm, gpu.max_blocks_per_sm);
  const std::string text = heading + table.text() + (note.empty() ? "" : note + "\n");
  std::cout << "\n" << text;
  memlab::write_result_file("lab08.occupancy.txt", text);
  const int candidates = static_cast<int>(kCandidates.size());
  memlab::expect_true(
      lab::check::predictions_match_runtime, wrong.empty(),
      wrong.empty()
          ? memlab::bilingual(
                fmt::format("all {} candidates agree with cudaOccupancyMaxActiveBlocksPerMultiprocessor on {}",
                            candidates, prop.name),
                fmt::format("在 {} 上，全部 {} 个候选都与 cudaOccupancyMaxActiveBlocksPerMultiprocessor 一致",
                            prop.name, candidates))
          : memlab::join_bilingual(
                {memlab::bilingual(fmt::format("{} of {} differ; first: ", candidates - agree, candidates),
                                   fmt::format("{} 个候选中有 {} 个不同；第一个：", candidates, candidates - agree)),
                 wrong}));
}

// ---- Performance ----------------------------------------------------------------------------------

TEST_CASE("your choice is within 5 % of the fastest candidate" * doctest::test_suite("performance")) {
  constexpr memlab::CheckId id = lab::check::choice_within_5_percent_of_best;
  cudaDeviceProp prop;
  const DeviceLimits gpu = this_gpu(prop);
  const Candidate choice = student::choose_candidate(gpu);
  if (!in_grid(choice)) {
    memlab::fail_check(
        id, memlab::join_bilingual(
                {memlab::bilingual("choose_candidate returned ", "choose_candidate 返回了 "), choice_text(choice)}));
    return;
  }
  const memlab::Roofline& copy = memlab::copy_roofline();  // for scale: how close each comes to a copy

  const size_t n = (size_t)kPerfN * kPerfN;
  const double bytes = 2.0 * n * sizeof(float);  // read once, written once
  // One matrix for all twelve, redrawn before every sample; every candidate's output verified
  // in the first and last rounds and on a secret subset between (the kernels are the checker's
  // own, so this guards the grid's timings against a broken candidate, not against cheating).
  memlab::TransposeSamples<float> samples({kPerfN, kPerfN});
  const std::vector<CandidateKernel>& kernels = candidate_kernels();
  std::vector<memlab::TimedWork> works;
  for (const CandidateKernel& k : kernels) works.push_back(samples.work(candidate_name(k.candidate), k.launch, true));
  const size_t chosen = std::find(kCandidates.begin(), kCandidates.end(), choice) - kCandidates.begin();

  for (int attempt = 1;; ++attempt) {
    const RoundTiming t = time_in_rounds(works, memlab::sampling_criteria());
    if (!t.invalid.empty()) {
      memlab::fail_check(id, t.invalid);
      return;
    }
    for (size_t i = 0; i < kernels.size(); ++i) {  // a median under the copy floor: a broken candidate
      const std::string impossible = memlab::impossible_time_reason(t.median(i), bytes, copy);
      if (!impossible.empty()) {
        memlab::fail_check(id, memlab::join_bilingual(
                                   {candidate_name(kernels[i].candidate), memlab::bilingual(": ", "："), impossible}));
        return;
      }
    }
    size_t best = 0;
    for (size_t i = 1; i < kernels.size(); ++i)
      if (t.median(i) < t.median(best)) best = i;

    memlab::Table table{
        {"candidate", "blocks/SM", "warps/SM", "limited by", "KB/block", "ms", "GB/s", "% of copy", "fastest/this"},
        {},
        {}};
    for (size_t i = 0; i < kernels.size(); ++i) {
      const Candidate c = kernels[i].candidate;
      cudaFuncAttributes attr;
      MEMLAB_CUDA(cudaFuncGetAttributes(&attr, kernels[i].function));
      const KernelResources used = {c.threads, attr.numRegs, static_cast<int>(attr.sharedSizeBytes),
                                    tile_bytes(c.layout)};
      const OccupancyLimits l = header_occupancy(used, gpu);
      std::string by;  // every limit that is reached, e.g. "threads+shared"
      const auto reached = [&](int limit, const char* name) {
        if (limit == l.blocks()) by += (by.empty() ? "" : "+") + std::string(name);
      };
      reached(l.by_warps, "threads");
      reached(l.by_registers, "registers");
      reached(l.by_shared, "shared");
      reached(l.by_blocks, "blocks");
      const double ms = t.median(i), gbps = bytes / (ms * 1e-3) / 1e9;
      table.rows.push_back({candidate_name(c) + (i == chosen ? " *" : ""), std::to_string(l.blocks()),
                            std::to_string(l.blocks() * c.threads / 32), by,
                            fixed((used.dynamic_shared_bytes + gpu.reserved_shared_per_block) / 1024.0, 2),
                            fixed(ms, 4), fixed(gbps, 0), fixed(100 * gbps * 1e9 / copy.bytes_per_second, 1),
                            fixed(t.median(best) / ms, 3)});
    }
    const std::string heading = fmt::format(
        "Every candidate on {}, {}x{} floats, median of {} rounds, {} outputs verified (* = your choice; copy roofline "
        "{} GB/s; KB/block includes the 1 KB reservation):",
        prop.name, kPerfN, kPerfN, t.rounds, t.verified, fixed(copy.bytes_per_second / 1e9, 0));
    std::cout << "\n" << heading << "\n" << table.text();
    memlab::write_result_file("lab08.candidates.txt", heading + "\n" + table.text());
    memlab::write_result_file("lab08.candidates.csv", table.csv());

    memlab::Estimate est = memlab::Estimate::exact(1.0);
    std::string ci = "it is the fastest", ci_zh = "它就是最快的";
    if (best != chosen) {
      const memlab::RatioEstimate r = time_ratio(t, best, chosen);
      est = {r.ratio, r.low, r.high};
      ci = fmt::format("95 % CI {}-{} from {} rounds", fixed(r.low, 3), fixed(r.high, 3), r.pairs);
      ci_zh = fmt::format("95 % 置信区间 {}-{}，来自 {} 轮", fixed(r.low, 3), fixed(r.high, 3), r.pairs);
    }
    const std::string doubt = join(t.doubt({best, chosen}), memlab::read_environment(memlab::gpu()).doubt());
    const memlab::CheckSpec& spec = memlab::check_spec(id);
    const memlab::Judgement j = memlab::judge(spec.compare, spec.required.value_or(0), est, doubt);
    if (j.verdict == memlab::Verdict::inconclusive && attempt < 3) continue;
    // The gap rule: the starter's choice against the fastest, both from these rounds.
    const size_t starter = std::find(kCandidates.begin(), kCandidates.end(), kStarterChoice) - kCandidates.begin();
    const memlab::GapMeasurement gap{t.median(starter), t.median(best)};
    const std::string text = "fastest/chosen = " + fixed(est.value, 3) + " (" + ci + "): your " +
                             candidate_name(choice) + " " + fixed(t.median(chosen), 4) + " ms, the fastest " +
                             candidate_name(kernels[best].candidate) + " " + fixed(t.median(best), 4) +
                             " ms; the starter's " + candidate_name(kStarterChoice) + " " +
                             fixed(t.median(starter), 4) + " ms";
    const std::string text_zh = fmt::format(
        "最快/所选 = {}（{}）：你选的 {} 用 {} ms，最快的 {} 用 {} ms；起始代码选的 {} 用 {} ms", fixed(est.value, 3),
        ci_zh, candidate_name(choice), fixed(t.median(chosen), 4), candidate_name(kernels[best].candidate),
        fixed(t.median(best), 4), candidate_name(kStarterChoice), fixed(t.median(starter), 4));
    memlab::expect_value(id, est,
                         attempt > 1 ? memlab::bilingual(fmt::format("{}, attempt {}", text, attempt),
                                                         fmt::format("{}，第 {} 次尝试", text_zh, attempt))
                                     : memlab::bilingual(text, text_zh),
                         doubt, gap);
    return;
  }
}
