// The batch text format: parsing, formatting, and run_batch's answers and errors.
#include <doctest/doctest.h>

#include <sstream>

#include "memlab/bank_batch.h"
#include "memlab/bank_patterns.h"

namespace memlab::bank {
namespace {

std::string stride_line(int width, int stride, const char* op = "ld") {
  std::string line = std::to_string(width) + " " + op;
  for (int lane = 0; lane < kWarpSize; ++lane) line += " " + std::to_string(lane * stride * width);
  return line;
}

std::string error_of(const std::string& line) {
  const BatchLine parsed = parse_batch_line(line);
  REQUIRE(parsed.kind == BatchLine::Kind::malformed);
  return parsed.error;
}

struct BatchRun {
  int status;
  std::string out, err;
};

BatchRun run(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int status = run_batch(in, out, err, "memlab-bank");
  return {status, out.str(), err.str()};
}

TEST_SUITE("batch") {
  TEST_CASE("a well-formed line becomes the access it describes") {
    std::string line = "8 st";
    for (int lane = 0; lane < kWarpSize; ++lane) line += lane == 4 ? " -" : " " + std::to_string(lane * 16);
    const BatchLine parsed = parse_batch_line("  " + line + " \r");
    REQUIRE(parsed.kind == BatchLine::Kind::access);
    CHECK(parsed.access.width_bytes == 8);
    CHECK(parsed.access.op == MemoryOp::store);
    CHECK(parsed.access.active_mask == ~(1u << 4));
    CHECK(parsed.access.byte_address[31] == 31 * 16);
    CHECK(format_batch_line(parsed.access) == line);
  }

  TEST_CASE("format and parse are inverse") {
    WarpAccess access = stride_access(2, 5, MemoryOp::store, 100);
    access.active_mask = 0x0f0f0f0fu;
    const BatchLine parsed = parse_batch_line(format_batch_line(access));
    REQUIRE(parsed.kind == BatchLine::Kind::access);
    CHECK(format_batch_line(parsed.access) == format_batch_line(access));
  }

  TEST_CASE("comments and blank lines are skipped") {
    CHECK(parse_batch_line("").kind == BatchLine::Kind::skip);
    CHECK(parse_batch_line("   \t").kind == BatchLine::Kind::skip);
    CHECK(parse_batch_line("# 4 ld 0").kind == BatchLine::Kind::skip);
    CHECK(parse_batch_line("  #name").kind == BatchLine::Kind::skip);
  }

  TEST_CASE("malformed lines say why") {
    const std::string good = stride_line(4, 1);
    CHECK(error_of("4 ld 0 4 8").find("expected 34 fields") != std::string::npos);
    CHECK(error_of(good + " 128").find("found 35") != std::string::npos);
    CHECK(error_of("3" + good.substr(1)).find("width '3'") != std::string::npos);
    CHECK(error_of("four" + good.substr(1)).find("width 'four'") != std::string::npos);
    CHECK(error_of("4 LD" + good.substr(4)).find("neither ld nor st") != std::string::npos);
    CHECK(error_of("4 ld -4" + good.substr(6)).find("lane 0: '-4'") != std::string::npos);
    CHECK(error_of("4 ld 0x10" + good.substr(6)).find("'0x10'") != std::string::npos);
    CHECK(error_of("4 ld 2" + good.substr(6)).find("misaligned") != std::string::npos);
    CHECK(error_of("4 ld 233472" + good.substr(6)).find("beyond the largest shared memory") != std::string::npos);
    CHECK(error_of("4 ld 99999999999999999999" + good.substr(6)).find("lane 0") != std::string::npos);
    CHECK(parse_batch_line("4 ld 233468" + good.substr(6)).kind == BatchLine::Kind::access);
  }

  TEST_CASE("run_batch answers every line in order: patterns, comments passed through, bad lines by number") {
    const BatchRun result = run("# header\n" + stride_line(4, 2) + "\n\n4 ld oops\n" + stride_line(8, 1, "st") + "\n" +
                                stride_line(4, 1).replace(0, 1, "5") + "\n");
    CHECK(result.status == 1);
    CHECK(result.out ==
          "# header\n2 2\n\n# error: expected 34 fields (WIDTH OP and 32 lane offsets), found 3\n2 1\n"
          "# error: width '5' is not one of 1, 2, 4, 8, 16\n");
    CHECK(result.err ==
          "memlab-bank: line 4: expected 34 fields (WIDTH OP and 32 lane offsets), found 3\n"
          "memlab-bank: line 6: width '5' is not one of 1, 2, 4, 8, 16\n");
  }

  TEST_CASE("run_batch succeeds on clean input, also without a final newline") {
    const BatchRun result = run(stride_line(4, 32) + "\n" + stride_line(16, 1));
    CHECK(result.status == 0);
    CHECK(result.out == "32 32\n4 1\n");
    CHECK(result.err.empty());
    CHECK(run("").status == 0);
  }
}

}  // namespace
}  // namespace memlab::bank
