#pragma once
// The judge's side of the record protocol (memlab/measurement_record.h): the lines a check program
// sends on its record pipe, read one at a time into what the judge decides the suite from. The
// check program runs the effects of student code and may send anything. A line that is not a
// record, a record out of its place, a second start, a record after the end, or a check that
// lab.json does not have is a protocol error: the judge then trusts none of the suite's records
// (memlab/suite_judge.h).
#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "memlab/manifest.h"
#include "memlab/measurement_record.h"

namespace memlab {

// The longest record line the judge reads. A real record is a few hundred bytes; a longer line is
// a protocol error, and the judge keeps no more of it than this (ChildOptions::max_line_bytes).
inline constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;

// What the records of one run said.
struct RecordsRead {
  bool started = false;     // a start record came
  std::string seed;         // the start record's
  std::string environment;  // the start record's, or "skipped: " and why the suite cannot run here
  // The check records of this suite, in the order received (judge_suite's input). When the start
  // record said the suite cannot run here, a skip for each of the suite's checks is added.
  std::vector<MeasurementRecord> checks;
  bool sent_end = false;                     // an end record came
  std::string fatal;                         // the reason of the last fatal record
  std::vector<std::string> protocol_errors;  // "record N: ..." in English and Chinese
};

// Reads the record lines of a check program asked to run `suite` of `manifest`'s lab.
class RecordStream {
 public:
  RecordStream(const Manifest& manifest, std::string suite);
  // One line of the pipe, without its newline; lines are numbered from 1 in the order read.
  void read(const std::string& line);
  const RecordsRead& records() const { return read_; }

 private:
  void protocol_error(const std::string& what);  // `what` in English and Chinese
  void read_start(const MeasurementRecord& r);
  void read_check(const MeasurementRecord& r);
  void skip_every_check(const std::string& reason);

  const Manifest& manifest_;
  std::string suite_;
  std::set<std::string> in_suite_;
  int line_number_ = 0;
  RecordsRead read_;
};

// The records of `lines`, read in order.
RecordsRead read_records(const Manifest& manifest, const std::string& suite, const std::vector<std::string>& lines);

}  // namespace memlab
