#include "record_stream.h"

#include <stdexcept>
#include <utility>

#include "memlab/bilingual.h"

namespace memlab {

RecordStream::RecordStream(const Manifest& manifest, std::string suite)
    : manifest_(manifest), suite_(std::move(suite)) {
  for (const CheckSpec* s : manifest_.suite(suite_)) in_suite_.insert(s->id);
}

void RecordStream::read(const std::string& line) {
  ++line_number_;
  if (line.size() > kMaxRecordBytes) {
    const std::string limit = std::to_string(kMaxRecordBytes);
    protocol_error(bilingual("longer than " + limit + " bytes: a record is one short line",
                             "超过 " + limit + " 字节：一条记录应当是简短的一行"));
    return;
  }
  MeasurementRecord r;
  try {
    r = record_from_line(line);
  } catch (const std::exception& e) {
    protocol_error(bilingual(std::string("malformed (") + e.what() + ")", std::string("格式不对（") + e.what() + "）"));
    return;
  }
  if (read_.sent_end) {
    protocol_error(bilingual("arrived after the end record", "在结束记录之后才到达"));
    return;
  }
  switch (r.kind) {
    case MeasurementRecord::Kind::start: read_start(r); break;
    case MeasurementRecord::Kind::check: read_check(r); break;
    case MeasurementRecord::Kind::fatal: read_.fatal = r.reason; break;
    case MeasurementRecord::Kind::end: read_.sent_end = true; break;
  }
}

void RecordStream::protocol_error(const std::string& what) {
  const std::string n = std::to_string(line_number_);
  read_.protocol_errors.push_back(join_bilingual({bilingual("record " + n + ": ", "第 " + n + " 条记录："), what}));
}

void RecordStream::read_start(const MeasurementRecord& r) {
  if (read_.started || r.suite != suite_) protocol_error(bilingual("an unexpected start record", "一条意外的开始记录"));
  read_.started = true;
  read_.seed = r.seed;
  // "skipped: " in both languages: tools find a run without a GPU by it (report/expectations.cpp).
  read_.environment = r.skip_reason.empty() ? r.environment : join_bilingual({"skipped: ", r.skip_reason});
  if (!r.skip_reason.empty()) skip_every_check(r.skip_reason);
}

void RecordStream::read_check(const MeasurementRecord& r) {
  if (!read_.started)
    protocol_error(bilingual("a check record before the start record", "在开始记录之前出现了检查记录"));
  else if (!in_suite_.count(r.id) && !manifest_.find(r.id))
    protocol_error(bilingual("check \"" + r.id + "\" is not in lab.json", "检查项 \"" + r.id + "\" 不在 lab.json 中"));
  // A check of another suite of this lab is not this run's to judge; it is left out.
  if (in_suite_.count(r.id)) read_.checks.push_back(r);
}

void RecordStream::skip_every_check(const std::string& reason) {
  for (const CheckSpec* s : manifest_.suite(suite_)) {
    MeasurementRecord skip;
    skip.kind = MeasurementRecord::Kind::check;
    skip.id = s->id;
    skip.outcome = Outcome::skipped;
    skip.detail = join_bilingual({bilingual("needs a CUDA GPU: ", "需要 CUDA GPU："), reason});
    read_.checks.push_back(skip);
  }
}

RecordsRead read_records(const Manifest& manifest, const std::string& suite, const std::vector<std::string>& lines) {
  RecordStream stream(manifest, suite);
  for (const auto& line : lines) stream.read(line);
  return stream.records();
}

}  // namespace memlab
