// The judge's reading of a check program's record lines (record_stream.h), on plain strings: the
// program runs the effects of student code, so every line here is one it could send.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "memlab/bilingual.h"
#include "memlab/manifest.h"
#include "memlab/measurement_record.h"
#include "memlab/suite_judge.h"
#include "record_stream.h"

using namespace memlab;

namespace {

const char* const kManifest = R"({
  "number": "98", "name": "records", "title": "Record fixture", "student_files": ["k.cu"],
  "checks": [
    {"id": "exact", "suite": "correctness", "kind": "correctness", "gpu": true, "compare": "true", "points": 1,
     "description": "exact result", "proves": "the result is exact"},
    {"id": "speedup", "suite": "performance", "kind": "performance", "gpu": true, "compare": ">=", "required": 1.8,
     "unit": "x", "points": 2, "description": "faster than the starter", "proves": "the fix is faster", "basis": "fixture"},
    {"id": "bandwidth", "suite": "performance", "kind": "performance", "gpu": true, "compare": ">=", "required": 0.5,
     "unit": "of copy", "points": 2, "description": "near the copy's bandwidth", "proves": "near the roofline",
     "basis": "fixture"}
  ]
})";

const Manifest& manifest() {
  static const Manifest m = parse_manifest(kManifest, "lab.json");
  return m;
}

std::string start(const std::string& suite = "performance", const std::string& skip = "") {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::start;
  r.suite = suite;
  r.seed = "0x2a";
  r.environment = "GPU 0: fixture";
  r.skip_reason = skip;
  return to_line(r);
}

std::string value(const std::string& id, double v) {
  MeasurementRecord r;
  r.id = id;
  r.outcome = Outcome::value;
  r.estimate = {v, v * 0.99, v * 1.01};
  r.measured_text = std::to_string(v) + "x";
  return to_line(r);
}

std::string fatal(const std::string& reason) {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::fatal;
  r.reason = reason;
  return to_line(r);
}

std::string end() {
  MeasurementRecord r;
  r.kind = MeasurementRecord::Kind::end;
  return to_line(r);
}

RecordsRead read(const std::vector<std::string>& lines) { return read_records(manifest(), "performance", lines); }

std::vector<std::string> english(const std::vector<std::string>& texts) {
  std::vector<std::string> out;
  for (const auto& t : texts) out.emplace_back(english_part(t));
  return out;
}

}  // namespace

TEST_CASE("record stream: a well-behaved run") {
  const RecordsRead r = read({start(), value("speedup", 2.0), value("bandwidth", 0.7), end()});
  CHECK(r.protocol_errors.empty());
  CHECK(r.started);
  CHECK(r.sent_end);
  CHECK(r.fatal.empty());
  CHECK(r.seed == "0x2a");
  CHECK(r.environment == "GPU 0: fixture");
  REQUIRE(r.checks.size() == 2);
  CHECK(r.checks[0].id == "speedup");
  CHECK(r.checks[0].estimate.value == doctest::Approx(2.0));
  CHECK(r.checks[1].id == "bandwidth");
}

TEST_CASE("record stream: a line that is not a record is malformed, and the lines after it are still read") {
  const std::vector<std::string> bad = {
      "",                                                // an empty line
      "not json",                                        // not JSON
      "[1, 2]",                                          // JSON, not an object
      R"({"record": "verdict", "id": "speedup"})",       // an unknown kind of record
      R"({"record": "check", "id": "speedup"})",         // fields missing
      R"({"record": "start", "suite": 3, "seed": "",)",  // cut short
      R"({"record": "check", "id": "speedup", "outcome": "value", "measured_text": "", "doubt": "", "detail": "",)"
      R"( "value": 1e999, "low": 1, "high": 1})",  // not a finite number
      R"({"record": "check", "id": "speedup", "outcome": "passed", "measured_text": "", "doubt": "", "detail": ""})",
  };
  for (const auto& line : bad) {
    CAPTURE(line);
    const RecordsRead r = read({start(), line, value("speedup", 2.0), end()});
    REQUIRE(r.protocol_errors.size() == 1);
    CHECK(english_part(r.protocol_errors[0]).rfind("record 2: malformed (", 0) == 0);
    CHECK(chinese_part(r.protocol_errors[0]).rfind("第 2 条记录：格式不对（", 0) == 0);
    REQUIRE(r.checks.size() == 1);  // the good record after it
    CHECK(r.sent_end);
  }
}

TEST_CASE("record stream: records out of their place") {
  SUBCASE("a check before the start") {
    const RecordsRead r = read({value("speedup", 2.0), start(), end()});
    CHECK(english(r.protocol_errors) == std::vector<std::string>{"record 1: a check record before the start record"});
  }
  SUBCASE("a second start") {
    const RecordsRead r = read({start(), value("speedup", 2.0), start(), end()});
    CHECK(english(r.protocol_errors) == std::vector<std::string>{"record 3: an unexpected start record"});
  }
  SUBCASE("a start for another suite") {
    const RecordsRead r = read({start("correctness"), end()});
    CHECK(english(r.protocol_errors) == std::vector<std::string>{"record 1: an unexpected start record"});
  }
  SUBCASE("anything after the end, even a malformed line") {
    const RecordsRead r = read({start(), end(), value("speedup", 9.0), end(), "{"});
    CHECK(english(r.protocol_errors) == std::vector<std::string>{"record 3: arrived after the end record",
                                                                 "record 4: arrived after the end record",
                                                                 "record 5: malformed (not JSON)"});
    CHECK(r.checks.empty());  // the late measurement counts for nothing
  }
}

TEST_CASE("record stream: check ids") {
  SUBCASE("an id lab.json does not have") {
    const RecordsRead r = read({start(), value("speedup_v2", 2.0), end()});
    CHECK(english(r.protocol_errors) == std::vector<std::string>{R"(record 2: check "speedup_v2" is not in lab.json)"});
    CHECK(chinese_part(r.protocol_errors[0]) == "第 2 条记录：检查项 \"speedup_v2\" 不在 lab.json 中");
    CHECK(r.checks.empty());
  }
  SUBCASE("a check of another suite of the lab is left out, and is no error") {
    const RecordsRead r = read({start(), value("exact", 1), end()});
    CHECK(r.protocol_errors.empty());
    CHECK(r.checks.empty());
  }
  SUBCASE("a check sent twice is kept twice: the judge fails it") {
    const RecordsRead r = read({start(), value("speedup", 2.0), value("speedup", 2.5), value("bandwidth", 0.7), end()});
    CHECK(r.protocol_errors.empty());
    CHECK(r.checks.size() == 3);
    ProgramEnding ending;
    ending.ran = true;
    ending.exit_code = 0;
    ending.sent_end = r.sent_end;
    const std::vector<CheckResult> rows = judge_suite(manifest(), "performance", r.checks, ending);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].verdict == Verdict::fail);
    CHECK(english_part(rows[0].detail) == "reported 2 times: a check is measured once");
    CHECK(rows[1].verdict == Verdict::pass);
  }
}

TEST_CASE("record stream: a suite that cannot run here skips every check, with the reason") {
  const RecordsRead r = read({start("performance", "no CUDA GPU"), end()});
  CHECK(r.protocol_errors.empty());
  CHECK(english_part(r.environment) == "skipped: no CUDA GPU");
  REQUIRE(r.checks.size() == 2);
  for (const auto& c : r.checks) {
    CHECK(c.outcome == Outcome::skipped);
    CHECK(english_part(c.detail) == "needs a CUDA GPU: no CUDA GPU");
    CHECK(chinese_part(c.detail) == "需要 CUDA GPU：no CUDA GPU");
  }
  CHECK(r.checks[0].id == "speedup");
  CHECK(r.checks[1].id == "bandwidth");
}

TEST_CASE("record stream: the program's end") {
  SUBCASE("no end record") {
    const RecordsRead r = read({start(), value("speedup", 2.0)});
    CHECK_FALSE(r.sent_end);
    CHECK(r.protocol_errors.empty());
  }
  SUBCASE("a fatal record: the last one's reason") {
    const RecordsRead r = read({start(), fatal("first"), fatal("transpose did not finish within 30 s")});
    CHECK(r.fatal == "transpose did not finish within 30 s");
    CHECK_FALSE(r.sent_end);
  }
  SUBCASE("nothing at all") {
    const RecordsRead r = read({});
    CHECK_FALSE(r.started);
    CHECK(r.checks.empty());
    CHECK(r.protocol_errors.empty());
  }
}

TEST_CASE("record stream: a line longer than a record may be") {
  const std::string padded = value("speedup", 2.0);
  // The same record padded with spaces, which JSON allows: only its length is wrong.
  const std::string too_long = padded.substr(0, padded.size() - 1) + std::string(kMaxRecordBytes, ' ') + "}";
  const RecordsRead r = read({start(), too_long, value("bandwidth", 0.7), end()});
  REQUIRE(r.protocol_errors.size() == 1);
  CHECK(english_part(r.protocol_errors[0]) ==
        "record 2: longer than " + std::to_string(kMaxRecordBytes) + " bytes: a record is one short line");
  REQUIRE(r.checks.size() == 1);
  CHECK(r.checks[0].id == "bandwidth");

  // At the limit, a record is still read.
  const std::string at_limit =
      padded.substr(0, padded.size() - 1) + std::string(kMaxRecordBytes - padded.size(), ' ') + "}";
  REQUIRE(at_limit.size() == kMaxRecordBytes);
  const RecordsRead fits = read({start(), at_limit, end()});
  CHECK(fits.protocol_errors.empty());
  CHECK(fits.checks.size() == 1);
}

TEST_CASE("record stream: any protocol error fails every check of the suite") {
  const RecordsRead r = read({start(), value("speedup", 2.0), value("bandwidth", 0.7), "garbage", end()});
  ProgramEnding ending;
  ending.ran = true;
  ending.exit_code = 0;
  ending.sent_end = r.sent_end;
  ending.protocol_errors = r.protocol_errors;
  for (const auto& row : judge_suite(manifest(), "performance", r.checks, ending)) {
    CHECK(row.verdict == Verdict::fail);
    CHECK(english_part(row.detail) == "the check program's results cannot be trusted: record 4: malformed (not JSON)");
  }
}
