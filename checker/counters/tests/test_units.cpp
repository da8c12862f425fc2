// CPU unit tests of the pieces that need neither CUPTI nor a GPU: metric
// lists, per-instruction ratios, name suggestions, and memlab-bank-probe's
// arithmetic and output line.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "memlab/bilingual.h"
#include "memlab/counters.h"
#include "nearest_name.h"
#include "probe_answer.h"

#include <set>

using namespace memlab::counters;

namespace {

Result measured(std::map<std::string, double> values) {
  Result r;
  r.status = Status::ok;
  r.values = std::move(values);
  return r;
}

}  // namespace

TEST_CASE("the course metric list has every named metric once, loads first") {
  const std::vector<std::string> all = course_metrics();
  CHECK(all.size() == 10);
  CHECK(std::set<std::string>(all.begin(), all.end()).size() == all.size());
  CHECK(all.front() == metric::shared_ld_wavefronts);
  CHECK(all.back() == metric::global_st_requests);
  CHECK(shared_metrics(Access::store) == std::vector<std::string>{metric::shared_st_wavefronts,
                                                                  metric::shared_st_instructions,
                                                                  metric::shared_st_bank_conflicts});
  CHECK(global_metrics(Access::load) ==
        std::vector<std::string>{metric::global_ld_sectors, metric::global_ld_requests});
}

TEST_CASE("per-instruction ratios divide the right pair of metrics") {
  const Result r = measured({{metric::shared_ld_wavefronts, 3200},
                             {metric::shared_ld_instructions, 100},
                             {metric::shared_ld_bank_conflicts, 3100},
                             {metric::shared_st_wavefronts, 50},
                             {metric::shared_st_instructions, 50},
                             {metric::global_ld_sectors, 400},
                             {metric::global_ld_requests, 100}});
  CHECK(wavefronts_per_instruction(r, Access::load) == doctest::Approx(32));
  CHECK(conflicts_per_instruction(r, Access::load) == doctest::Approx(31));
  CHECK(wavefronts_per_instruction(r, Access::store) == doctest::Approx(1));
  CHECK(sectors_per_request(r, Access::load) == doctest::Approx(4));
}

TEST_CASE("a ratio is absent when a metric is missing or no instruction ran") {
  const Result r = measured({{metric::shared_ld_wavefronts, 0}, {metric::shared_ld_instructions, 0}});
  CHECK_FALSE(wavefronts_per_instruction(r, Access::load).has_value());
  CHECK_FALSE(conflicts_per_instruction(r, Access::load).has_value());
  CHECK_FALSE(sectors_per_request(r, Access::store).has_value());
  CHECK_FALSE(r.value(metric::global_st_sectors).has_value());
  CHECK(r.value(metric::shared_ld_wavefronts) == 0.0);
}

TEST_CASE("statuses have readable names") {
  CHECK(std::string(to_string(Status::ok)) == "ok");
  CHECK(std::string(to_string(Status::not_permitted)) == "not permitted");
  CHECK(std::string(to_string(Status::unsupported)) == "unsupported");
  CHECK(std::string(to_string(Status::error)) == "error");
}

TEST_CASE("edit distance and the nearest name") {
  using memlab::counters::detail::edit_distance;
  using memlab::counters::detail::nearest_name;
  CHECK(edit_distance("", "") == 0);
  CHECK(edit_distance("abc", "") == 3);
  CHECK(edit_distance("shard", "shared") == 1);
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(nearest_name("mem_shard_op_ld", {"mem_global_op_ld", "mem_shared_op_ld", "mem_shared_op_st"}) ==
        "mem_shared_op_ld");
  CHECK(nearest_name("x", {}).empty());
}

TEST_CASE("probe answer: clean integer readings") {
  using namespace memlab::counters::tools;
  const ProbeAnswer two_way = answer_for({128, 64, 64}, 64, true);
  CHECK(two_way.wavefronts == 2);
  CHECK(two_way.conflicts_per_instruction == doctest::Approx(1));
  CHECK(two_way.warnings.empty());

  const ProbeAnswer idle = answer_for({0, 0, 0}, 64, false);
  CHECK(idle.wavefronts == 0);
  CHECK(idle.warnings.empty());
}

TEST_CASE("probe answer: warnings for fractional readings and stray instructions") {
  using namespace memlab::counters::tools;
  const ProbeAnswer fractional = answer_for({98, 34, 64}, 64, true);  // 1.53 per instruction
  CHECK(fractional.wavefronts == 2);
  REQUIRE(fractional.warnings.size() == 1);
  CHECK(fractional.warnings[0].find("1.531 wavefronts per instruction") != std::string::npos);

  const ProbeAnswer stray = answer_for({65, 0, 65}, 64, true);
  CHECK(stray.wavefronts == 1);
  REQUIRE(stray.warnings.size() == 1);
  CHECK(stray.warnings[0].find("counted 65 shared instructions") != std::string::npos);
}

TEST_CASE("probe output line: the measured-file format, details only on request") {
  using namespace memlab::counters::tools;
  const ProbeAnswer answer = answer_for({256, 192, 64}, 64, true);
  CHECK(measured_line("4 ld 0 128", answer, false) == "4 ld 0 128 => 4");
  CHECK(measured_line("4 ld 0 128", answer, true) ==
        "4 ld 0 128 => 4  # wavefronts/inst=4.000 conflicts/inst=3.000 inst=64");
  CHECK(pattern_part("4 st 0 - 8 => 2\r") == "4 st 0 - 8");
  CHECK(pattern_part("4 st 0 - 8 \t") == "4 st 0 - 8");
  CHECK(pattern_part("# a comment") == "# a comment");
}

TEST_CASE("counters_unavailable: one sentence start in both languages, never said twice") {
  const std::string why = memlab::bilingual("not permitted", "没有权限");
  const std::string skip = memlab::counters_unavailable(why);
  CHECK(memlab::english_part(skip) == "hardware counters unavailable: not permitted");
  CHECK(memlab::chinese_part(skip) == "硬件计数器不可用：没有权限");
  CHECK(memlab::counters_unavailable(skip) == skip);  // the range profiler's message passed on
  // A reason in English only lends its English to the Chinese text.
  CHECK(memlab::chinese_part(memlab::counters_unavailable("CUPTI_ERROR_UNKNOWN")) ==
        "硬件计数器不可用：CUPTI_ERROR_UNKNOWN");
}
