// Numbers as the course text writes them ("3 317 GB/s", "4.40x", "85.5 %", "1.205-1.214") and
// as the records hold them, and the rule that says a written number quotes a recorded one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

struct WrittenNumber {
  std::string text;  // the number without group separators: "3317", "-1.205", "2e5"
  double value = 0;
  int decimals = 0;      // digits after the decimal point, as written (what it was rounded to)
  bool percent = false;  // followed by "%" (a space may stand between)
};

// How a space or comma between digit groups is read: "3 317" is one number in the course text
// (joined), while a record's log may print columns "64 128" (both readings are kept).
enum class DigitGroups { join, split };

// The numbers in `text`, in order. Digits right after a letter, "_" or "." belong to a name
// or a version ("H200", "fp16", "v1.2.3"), not to a number; "-" between two numbers is a range
// ("1.205-1.214"), not a sign. Groups of exactly three digits after a 1-3 digit lead, separated
// by one space, no-break space, thin space or comma, are joined ("24 000", "3,317").
std::vector<WrittenNumber> written_numbers(std::string_view text, DigitGroups groups = DigitGroups::join);

struct RecordedNumber {
  std::string text;  // as the record writes it ("4.40"), or the shortest text of a JSON value
  double value = 0;
};

// A JSON number value; its text is the shortest one that reads back as the same double.
RecordedNumber recorded_number(double value);

// Every number written in a record's text, joined and split readings both.
std::vector<RecordedNumber> recorded_numbers_in(std::string_view text);

// Whether `quoted` is `recorded` as the text may quote it: the same text, or the recorded value
// rounded (half away from zero) to the quoted decimals; for a percentage also 100 x a fraction.
bool quotes(const WrittenNumber& quoted, const RecordedNumber& recorded);

// The recorded number closest to `quoted` (for a percentage, 100 x a fraction counts), as the
// message shows it; "" when `recorded` is empty.
std::string nearest_recorded(const WrittenNumber& quoted, const std::vector<RecordedNumber>& recorded);

}  // namespace memlab::site
