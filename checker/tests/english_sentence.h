#pragma once
// What counts as an English sentence in a text of the Chinese report: two words of letters in a
// row, one of them a lowercase word of two letters or more ("cases exact", "no NVIDIA driver").
// Not one: ids (`coalesced_exact`), paths (docs/setup.md), numbers, names in capitals (CUDA GPU,
// Landlock ABI), code between backticks (`half tile[64][65]`), and the two-word term that
// docs/glossary.zh.md keeps in English (warp shuffle).
//
// course.chinese_report (run_chinese_report.cmake) holds lab 01's Chinese report to the same
// definition with the same regular expression, the same code spans and the same term: change both
// together. course.chinese_texts (test_chinese_texts.cpp) holds every text the report can print
// to this function.
#include <regex>
#include <string>
#include <string_view>

namespace memlab::test {

// The regular expression of run_chinese_report.cmake, character for character.
inline constexpr const char* kEnglishSentence =
    "(^|[^A-Za-z0-9_./-])([a-z][a-z]+ [A-Za-z]+|[A-Za-z]+ [a-z][a-z]+)([^A-Za-z0-9_./-]|$)";

// One line as the definition reads it: code spans removed, the glossary's term made one word.
inline std::string sentence_line(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const std::size_t close = line[i] == '`' ? line.find('`', i + 1) : std::string_view::npos;
    if (close != std::string_view::npos) {
      i = close;  // `...` is code
      continue;
    }
    out += line[i];
  }
  for (std::size_t at; (at = out.find("warp shuffle")) != std::string::npos;) out[at + 4] = '-';
  return out;
}

// The first English sentence of `text` (its two words), line by line, or "" when it has none.
inline std::string english_sentence(std::string_view text) {
  static const std::regex sentence(kEnglishSentence);
  for (std::size_t begin = 0; begin <= text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string line = sentence_line(text.substr(begin, end - begin));
    std::smatch m;
    if (std::regex_search(line, m, sentence)) return m[2].str();
    begin = end + 1;
  }
  return "";
}

}  // namespace memlab::test
