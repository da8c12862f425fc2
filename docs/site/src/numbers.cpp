#include "numbers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

namespace memlab::site {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Bytes of the space at `at`: a plain space, a no-break space (U+00A0), a thin space (U+2009)
// or a narrow no-break space (U+202F); 0 for anything else.
size_t space_length(std::string_view text, size_t at) {
  const std::string_view rest = text.substr(at < text.size() ? at : text.size());
  if (!rest.empty() && rest[0] == ' ') return 1;
  if (rest.substr(0, 2) == "\xC2\xA0") return 2;
  if (rest.substr(0, 3) == "\xE2\x80\x89" || rest.substr(0, 3) == "\xE2\x80\xAF") return 3;
  return 0;
}

size_t group_separator_length(std::string_view text, size_t at) {
  if (at < text.size() && text[at] == ',') return 1;
  return space_length(text, at);
}

size_t digits_from(std::string_view text, size_t at) {
  size_t end = at;
  while (end < text.size() && is_digit(text[end])) ++end;
  return end - at;
}

// A "-" or U+2212 right before `start` is a sign only where no word, number or closing bracket
// stands before it: "1.205-1.214" is a range and "stride-32" a word, "-3" and "(-3" are signs.
bool has_minus_before(std::string_view text, size_t start) {
  size_t sign = std::string_view::npos;
  if (start >= 1 && text[start - 1] == '-')
    sign = start - 1;
  else if (start >= 3 && text.substr(start - 3, 3) == "\xE2\x88\x92")
    sign = start - 3;
  if (sign == std::string_view::npos) return false;
  if (sign == 0) return true;
  const char before = text[sign - 1];
  return !(is_digit(before) || is_ascii_letter(before) || before == '.' || before == '_' || before == ')' ||
           before == ']' || before == '%');
}

// Rounds half away from zero. The tolerance absorbs binary error only: 4.405 is stored as
// 4.40499999999999980..., which a reader (and the record's own text) rounds to 4.41.
long double round_half_away(long double x) {
  const long double a = std::fabs(x);
  return std::copysign(std::floor(a + 0.5L + a * 1e-12L), x);
}

// Whether `source` x 10^extra_power, rounded to the quoted decimals, is the quoted number.
bool rounds_to(double source, const WrittenNumber& quoted, int extra_power) {
  const long double quoted_units =
      std::round(static_cast<long double>(quoted.value) * std::pow(10.0L, quoted.decimals));
  const long double source_units = static_cast<long double>(source) * std::pow(10.0L, quoted.decimals + extra_power);
  if (std::fabs(source_units) > 1e17L) {  // beyond exact integers: compare the values
    return std::fabs(source_units - quoted_units) <= 1e-12L * std::fabs(quoted_units);
  }
  return round_half_away(source_units) == quoted_units;
}

std::string short_text(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", value);
  return buffer;
}

}  // namespace

std::vector<WrittenNumber> written_numbers(std::string_view text, DigitGroups groups) {
  std::vector<WrittenNumber> numbers;
  size_t at = 0;
  while (at < text.size()) {
    if (!is_digit(text[at])) {
      ++at;
      continue;
    }
    const size_t start = at;
    if (start > 0) {
      const char before = text[start - 1];
      if (is_ascii_letter(before) || before == '_' || before == '.') {  // a name or version
        while (at < text.size() &&
               (is_digit(text[at]) || is_ascii_letter(text[at]) || text[at] == '_' || text[at] == '.')) {
          ++at;
        }
        continue;
      }
    }
    WrittenNumber number;
    const bool negative = has_minus_before(text, start);
    size_t length = digits_from(text, at);
    std::string digits(text.substr(at, length));
    at += length;
    if (groups == DigitGroups::join && length <= 3) {
      for (size_t sep = group_separator_length(text, at); sep > 0; sep = group_separator_length(text, at)) {
        if (digits_from(text, at + sep) != 3) break;
        digits += text.substr(at + sep, 3);
        at += sep + 3;
      }
    }
    std::string fraction;
    if (at + 1 < text.size() && text[at] == '.' && is_digit(text[at + 1])) {
      length = digits_from(text, at + 1);
      fraction = std::string(text.substr(at + 1, length));
      at += 1 + length;
    }
    std::string exponent;
    if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
      const size_t sign = at + 1 < text.size() && (text[at + 1] == '-' || text[at + 1] == '+') ? 1 : 0;
      length = digits_from(text, at + 1 + sign);
      const size_t end = at + 1 + sign + length;
      if (length > 0 && (end == text.size() || !is_ascii_letter(text[end]))) {
        exponent = std::string(text.substr(at + 1, sign + length));
        at = end;
      }
    }
    number.text = (negative ? "-" : "") + digits + (fraction.empty() ? "" : "." + fraction) +
                  (exponent.empty() ? "" : "e" + exponent);
    std::from_chars(number.text.data(), number.text.data() + number.text.size(), number.value);
    int exponent_value = 0;
    if (!exponent.empty()) {
      const char* first = exponent.data() + (exponent[0] == '+' ? 1 : 0);
      std::from_chars(first, exponent.data() + exponent.size(), exponent_value);
    }
    number.decimals = std::max(0, static_cast<int>(fraction.size()) - exponent_value);
    const size_t space = space_length(text, at);
    number.percent = at + space < text.size() && text[at + space] == '%';
    numbers.push_back(std::move(number));
  }
  return numbers;
}

RecordedNumber recorded_number(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return {std::string(buffer, result.ptr), value};
}

std::vector<RecordedNumber> recorded_numbers_in(std::string_view text) {
  std::vector<RecordedNumber> numbers;
  std::set<std::string> seen;
  for (DigitGroups groups : {DigitGroups::join, DigitGroups::split}) {
    for (const auto& written : written_numbers(text, groups)) {
      if (seen.insert(written.text).second) numbers.push_back({written.text, written.value});
    }
  }
  return numbers;
}

bool quotes(const WrittenNumber& quoted, const RecordedNumber& recorded) {
  if (recorded.text == quoted.text) return true;
  if (rounds_to(recorded.value, quoted, 0)) return true;
  return quoted.percent && rounds_to(recorded.value, quoted, 2);
}

std::string nearest_recorded(const WrittenNumber& quoted, const std::vector<RecordedNumber>& recorded) {
  std::string shown;
  double best = INFINITY;
  for (const auto& number : recorded) {
    const double distance = std::fabs(number.value - quoted.value);
    if (distance < best) {
      best = distance;
      shown = number.text;
    }
    const double as_percent = 100.0 * number.value;
    if (quoted.percent && std::fabs(as_percent - quoted.value) < best) {
      best = std::fabs(as_percent - quoted.value);
      shown = number.text + " (" + short_text(as_percent) + " %)";
    }
  }
  return shown;
}

}  // namespace memlab::site
