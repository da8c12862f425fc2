// The course's metric names against CUPTI's host API, on the CPU: no GPU or
// driver is needed, only libcupti and libnvperf_host from the CUDA Toolkit.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "memlab/counters.h"

#include <cstdio>
#include <string>

using namespace memlab::counters;

namespace {

// H100/H200, A100, RTX 40xx (Ada), RTX 20xx (Turing: the oldest GPU the course supports).
const char* const kCourseChips[] = {"GH100", "GA100", "AD102", "TU102"};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("every course metric is valid on every course chip") {
  for (const char* chip : kCourseChips) {
    CAPTURE(chip);
    const Result r = validate_metric_names(chip, course_metrics());
    INFO(r.message);
    CHECK(r.ok());
    CHECK(r.passes >= 1);
  }
}

TEST_CASE("the shared-memory metrics of one access kind need a single pass") {
  // memlab-bank-probe relies on this for one launch per pattern (more would still be correct, only slower).
  for (const char* chip : kCourseChips) {
    for (Access access : {Access::load, Access::store}) {
      CAPTURE(chip);
      const Result r = validate_metric_names(chip, shared_metrics(access));
      INFO(r.message);
      CHECK(r.ok());
      CHECK(r.passes == 1);
    }
  }
}

TEST_CASE("a misspelled metric is rejected with the nearest known name") {
  const Result r = validate_metric_names("GH100", {"l1tex__data_pipe_lsu_wavefronts_mem_shard_op_ld.sum"});
  INFO(r.message);
  CHECK(r.status == Status::error);
  CHECK(contains(r.message, "unknown metric 'l1tex__data_pipe_lsu_wavefronts_mem_shard_op_ld.sum'"));
  CHECK(contains(r.message, "nearest known: 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum'"));
}

TEST_CASE("only the invalid names of a list are reported") {
  const Result r = validate_metric_names(
      "GA100", {metric::shared_ld_wavefronts, "smsp__inst_executed_op_shard_ld.sum", metric::global_ld_sectors});
  INFO(r.message);
  CHECK(r.status == Status::error);
  CHECK(contains(r.message, "1 of 3 metric names are invalid on GA100"));
  CHECK(contains(r.message, "'smsp__inst_executed_op_shard_ld.sum'"));
  CHECK_FALSE(contains(r.message, metric::shared_ld_wavefronts));
}

TEST_CASE("a metric needs a valid rollup suffix") {
  const Result bare = validate_metric_names("GH100", {"smsp__inst_executed_op_shared_ld"});
  INFO(bare.message);
  CHECK(bare.status == Status::error);
  CHECK(contains(bare.message, "needs a rollup suffix such as '.sum'"));

  const Result wrong = validate_metric_names("GH100", {"smsp__inst_executed_op_shared_ld.summ"});
  INFO(wrong.message);
  CHECK(wrong.status == Status::error);
  CHECK(contains(wrong.message, "has no rollup or submetric '.summ'"));
}

TEST_CASE("an unknown chip is unsupported, and the message lists the known ones") {
  const Result r = validate_metric_names("XY999", {metric::shared_ld_wavefronts});
  INFO(r.message);
  CHECK(r.status == Status::unsupported);
  CHECK(contains(r.message, "chip 'XY999' is not known"));
  CHECK(contains(r.message, "GH100"));
}

TEST_CASE("an empty metric list is an error, not a crash") {
  const Result r = validate_metric_names("GH100", {});
  CHECK(r.status == Status::error);
  CHECK(contains(r.message, "no metric names"));
}

int main(int argc, char** argv) {
  if (supported_chips().empty()) {
    std::puts(
        "skipped: CUPTI's host API lists no chips here (is libnvperf_host.so from the CUDA Toolkit "
        "installed and on the loader's path?)");
    return 77;
  }
  doctest::Context context(argc, argv);
  return context.run();
}
