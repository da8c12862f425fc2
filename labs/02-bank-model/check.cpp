// Lab 02 checker. On the CPU: the student's predicted_wavefronts() agrees with the course's
// bank model, step by step, on crafted and seeded random warp accesses; the first pattern
// it gets wrong is printed lane by lane and bank by bank. On the GPU: its predictions agree
// with the hardware counters of real launches.
#include <memlab/bank_model.h>
#include <memlab/bilingual.h>
#include <memlab/checker.h>
#include <memlab/counters.h>
#include <memlab/text_format.h>

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "check_diff.h"
#include "check_patterns.h"
#include "check_probe.h"
#include "lab.h"
#include "student_proxy.h"
#include "lab_checks.h"

namespace {

namespace bank = memlab::bank;

constexpr int kRandomPatterns = lab::param::random_patterns;  // per step, on top of the crafted ones

// lab.h's plain struct, as the student's function sees the pattern.
WarpAccess student_view(const bank::WarpAccess& access) {
  WarpAccess view{};
  view.width_bytes = access.width_bytes;
  view.is_store = access.op == bank::MemoryOp::store;
  view.active_mask = access.active_mask;
  for (int lane = 0; lane < bank::kWarpSize; ++lane) view.byte_address[lane] = access.byte_address[lane];
  return view;
}

using memlab::fixed;

// The memlab-bank tool beside this check program (both go to the build's bin/ folder).
std::string memlab_bank_tool() {
  std::error_code error;
  const std::filesystem::path tool =
      std::filesystem::read_symlink("/proc/self/exe", error).parent_path() / "memlab-bank";
  return !error && std::filesystem::exists(tool, error) ? tool.string() : "build/<preset>/bin/memlab-bank";
}

// Every pattern of the step against the course's model; the first disagreement in full.
void check_step(memlab::CheckId id, lab02::Step step) {
  const std::vector<lab02::Pattern> patterns = lab02::step_patterns(step, memlab::inputs().next_u64(), kRandomPatterns);
  std::size_t crafted = 0, wrong = 0;
  std::string first_en, first_zh;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    const lab02::Pattern& p = patterns[i];
    crafted += p.random ? 0 : 1;
    const int expected = bank::count_wavefronts(p.access);
    int got = 0;
    try {
      got = student::predicted_wavefronts(student_view(p.access));
    } catch (const std::exception& e) {
      memlab::fail_check(
          id, memlab::bilingual(fmt::format("predicted_wavefronts() threw on pattern {} ({}): {}", i + 1, p.name,
                                            memlab::english_part(e.what())),
                                fmt::format("predicted_wavefronts() 在第 {} 个模式（{}）上抛出了异常：{}", i + 1,
                                            p.name_zh, memlab::chinese_part(e.what()))));
      return;
    }
    if (got == expected) continue;
    if (wrong++ == 0) {
      std::cout << "\n"
                << id.name << ": the first wrong pattern, " << i + 1 << " of " << patterns.size() << "\n"
                << lab02::mismatch_report(p, expected, got, memlab_bank_tool()) << std::endl;
      first_en = fmt::format("; the first: {}: expected {}, got {}", p.name, expected, got);
      first_zh = fmt::format("；第一个：{}：应为 {}，得到 {}", p.name_zh, expected, got);
    }
  }
  memlab::expect_value(
      id, memlab::Estimate::exact(static_cast<double>(wrong)),
      memlab::bilingual(fmt::format("{} of {} patterns wrong ({} crafted, {} random){}", wrong, patterns.size(),
                                    crafted, patterns.size() - crafted, first_en),
                        fmt::format("{} 个模式中有 {} 个错误（{} 个精心构造，{} 个随机）{}", patterns.size(), wrong,
                                    crafted, patterns.size() - crafted, first_zh)));
}

}  // namespace

TEST_CASE("step 1: 4-byte accesses and broadcasts" * doctest::test_suite("cpu")) {
  check_step(lab::check::step1_4byte_broadcast, lab02::Step::four_byte_broadcast);
}

TEST_CASE("step 2: multicast" * doctest::test_suite("cpu")) {
  check_step(lab::check::step2_multicast, lab02::Step::multicast);
}

TEST_CASE("step 3: 1- and 2-byte accesses" * doctest::test_suite("cpu")) {
  check_step(lab::check::step3_narrow, lab02::Step::narrow);
}

TEST_CASE("step 4: 8- and 16-byte accesses" * doctest::test_suite("cpu")) {
  check_step(lab::check::step4_wide, lab02::Step::wide);
}

TEST_CASE("predictions match the hardware counters" * doctest::test_suite("mechanism")) {
  namespace metric = memlab::counters::metric;
  constexpr memlab::CheckId id = lab::check::predictions_match_hardware;
  memlab::DeviceArray<unsigned> sink(32, "sink");
  const std::vector<lab02::Pattern> patterns = lab02::hardware_patterns();
  REQUIRE_MESSAGE(patterns.size() == std::size_t(lab::param::hardware_patterns),
                  "course bug: lab.json's hardware_patterns says " << lab::param::hardware_patterns
                                                                   << ", the checker has " << patterns.size());

  struct Row {
    std::string name, width, course, student, measured, verdict;
  };
  std::vector<Row> rows;
  int graded = 0, wrong = 0;
  std::string wrong_en, wrong_zh, ungraded_en, ungraded_zh;
  for (const lab02::Pattern& p : patterns) {
    ProbeLanes lanes{};
    for (int lane = 0; lane < bank::kWarpSize; ++lane)
      lanes.offset[lane] = p.access.is_active(lane) ? static_cast<int>(p.access.byte_address[lane]) : -1;
    const auto launch = [&](cudaStream_t st) {
      MEMLAB_CUDA(launch_shared_probe(p.access.width_bytes, lanes, sink.data(), st));
    };
    memlab::run_checked(memlab::bilingual("shared-memory probe: " + p.name, "共享内存探测：" + p.name_zh), launch);
    const memlab::CounterValues c =
        memlab::read_counters({metric::shared_ld_wavefronts, metric::shared_ld_instructions}, launch);
    if (!c.ok) {
      memlab::skip_check(id, memlab::counters_unavailable(c.reason));
      return;
    }
    const double instructions = c[metric::shared_ld_instructions];
    if (instructions <= 0) {
      memlab::fail_check(
          id,
          memlab::bilingual(fmt::format("the counters saw no shared-load instruction for \"{}\" ({} = 0): the "
                                        "probe kernel did not run as planned",
                                        p.name, metric::shared_ld_instructions),
                            fmt::format("计数器没有看到 \"{}\" 的共享内存加载指令（{} = 0）：探测核函数没有按计划运行",
                                        p.name_zh, metric::shared_ld_instructions)));
      return;
    }
    const double per_instruction = c[metric::shared_ld_wavefronts] / instructions;
    const int measured = static_cast<int>(std::lround(per_instruction));
    const int course = bank::count_wavefronts(p.access);
    const int student = student::predicted_wavefronts(student_view(p.access));
    std::string verdict;
    if (course != measured) {
      verdict = "not graded: the course's model disagrees";
      ungraded_en += fmt::format("; {} (course model {}, GPU {})", p.name, course, measured);
      ungraded_zh += fmt::format("；{}（课程的 bank 模型 {}，GPU {}）", p.name_zh, course, measured);
    } else {
      ++graded;
      verdict = student == measured ? "ok" : "WRONG";
      if (student != measured && wrong++ < 3) {
        wrong_en += fmt::format("; {}: you say {}, the GPU measured {}", p.name, student, measured);
        wrong_zh += fmt::format("；{}：你的答案是 {}，GPU 测得 {}", p.name_zh, student, measured);
      }
    }
    rows.push_back({p.name, std::to_string(p.access.width_bytes), std::to_string(course), std::to_string(student),
                    fixed(per_instruction, 3) + " (" + fixed(instructions, 0) + " loads)", verdict});
  }

  std::printf("\nShared-load wavefronts per instruction: one warp, %d loads of each pattern\n", kProbeLoads);
  std::printf("  %-92s %5s %6s %4s  %-20s %s\n", "pattern", "bytes", "course", "you", "GPU", "");
  for (const Row& r : rows)
    std::printf("  %-92s %5s %6s %4s  %-20s %s\n", r.name.c_str(), r.width.c_str(), r.course.c_str(), r.student.c_str(),
                r.measured.c_str(), r.verdict.c_str());
  std::fflush(stdout);

  std::string text_en = fmt::format("{} of {} patterns wrong against this GPU{}", wrong, graded, wrong_en);
  std::string text_zh = fmt::format("按这块 GPU 的测量，{} 个模式中有 {} 个错误{}", graded, wrong, wrong_zh);
  if (!ungraded_en.empty()) {
    text_en += "; not graded, the course's model disagrees with this GPU (please report)" + ungraded_en;
    text_zh += "；以下模式不评分，因为课程的 bank 模型与这块 GPU 不一致（请报告此问题）" + ungraded_zh;
  }
  const std::string text = memlab::bilingual(text_en, text_zh);
  if (graded == 0) {
    memlab::skip_check(id,
                       memlab::bilingual("no pattern could be graded: " + text_en, "没有可以评分的模式：" + text_zh));
    return;
  }
  memlab::expect_value(id, memlab::Estimate::exact(static_cast<double>(wrong)), text);
}
