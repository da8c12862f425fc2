#include "numbers_in_prose.hpp"

#include "numbers.hpp"

namespace memlab::site {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex_digit(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_word_char(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

// Where a word starts: at the text's start or after a character that is no letter, digit, "_" or ".".
bool starts_word(std::string_view text, size_t at) {
  return at == 0 || !(is_word_char(text[at - 1]) || text[at - 1] == '.');
}

bool starts_url(std::string_view text, size_t at) {
  if (!starts_word(text, at)) return false;
  const std::string_view rest = text.substr(at);
  return rest.substr(0, 7) == "http://" || rest.substr(0, 8) == "https://" || rest.substr(0, 4) == "www.";
}

bool ends_url(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '"' || c == '\'' || c == ')' || c == ']' || c == '>' || c == '}' ||
         c == '<' || static_cast<unsigned char>(c) >= 0x80;
}

}  // namespace

std::vector<std::string> numbers_in_prose(std::string_view text) {
  // The text with what is no number of prose cut out, and the prose readings of "x" and ".."
  // turned into a line break: a break ends a number and joins no digit groups.
  std::string prepared;
  prepared.reserve(text.size());
  size_t at = 0;
  while (at < text.size()) {
    if (starts_url(text, at)) {
      while (at < text.size() && !ends_url(text[at])) ++at;
      prepared += '\n';
      continue;
    }
    const char c = text[at];
    if (c == '0' && starts_word(text, at) && at + 2 < text.size() && text[at + 1] == 'x' &&
        is_hex_digit(text[at + 2])) {  // 0x1F: a hexadecimal name
      at += 2;
      while (at < text.size() && is_hex_digit(text[at])) ++at;
      prepared += '\n';
      continue;
    }
    const bool after_digit = at > 0 && is_digit(text[at - 1]);
    if (c == 'x' && after_digit && at + 1 < text.size() && is_digit(text[at + 1])) {  // 32x32
      prepared += '\n';
      ++at;
      continue;
    }
    if (c == '.' && after_digit && at + 2 < text.size() && text[at + 1] == '.' && is_digit(text[at + 2])) {  // 1..64
      prepared += '\n';
      at += 2;
      continue;
    }
    prepared += c;
    ++at;
  }
  std::vector<std::string> numbers;
  for (const WrittenNumber& number : written_numbers(prepared, DigitGroups::join)) numbers.push_back(number.text);
  return numbers;
}

}  // namespace memlab::site
