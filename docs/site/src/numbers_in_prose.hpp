// The numbers a piece of running text writes, as check-translations compares them between an
// English section and its Chinese twin. The two languages put other words and spaces around a
// number ("4.41x" and "4.41 倍", "32 x 32" and "32×32", "85 %" and "85%"), so only the number
// itself counts.
//
// A number token is what written_numbers (numbers.hpp) reads, with DigitGroups::join:
//   - a digit run with an optional decimal part and exponent: "4.41", "0.5", "2e5";
//   - digit groups of exactly three after a 1-3 digit lead, separated by one space, no-break
//     space, thin space or comma, are one number: "1 048 613", "1 048 613" and "3,317" are
//     "1048613" and "3317";
//   - a minus is a sign only where no word or number stands right before it ("1.205-1.214" is
//     a range of two numbers);
//   - digits right after a letter, "_" or "." belong to a name, not a number ("H200", "fp16",
//     "sm_90", "v1.2"), and are left out.
// Prose adds three readings:
//   - "x" between two digit runs is the "×" it stands for ("32x32" is 32 and 32); a "0x" at the
//     start of a word begins a hexadecimal name, which is left out;
//   - ".." between digits is a range ("1..64" is 1 and 64), and "2^25" is 2 and 25;
//   - a URL ("http://", "https://", "www.") is left out up to the next blank, quote, closing
//     bracket or non-ASCII character.
// A "%" or an "x"/"×" after a number is not part of it; the token is the number's text without
// its group separators ("4.40" and "4.4" are different tokens: a translation copies the
// number as written).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

// The number tokens of `text` (see above), in order.
std::vector<std::string> numbers_in_prose(std::string_view text);

}  // namespace memlab::site
