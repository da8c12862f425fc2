#pragma once
// A text in English and in Chinese that travels as one string, through the records, the judge
// and the result files, until the report picks the reader's language (memlab/report_language.h).
// The two parts are joined by the ASCII unit separator (0x1F), a character no message holds; the
// English part comes first, so a text read without this header still begins with its English.
#include <initializer_list>
#include <string>
#include <string_view>

#include "memlab/report_language.h"

namespace memlab {

inline constexpr char kLanguageSeparator = '\x1f';

// One text in both languages.
std::string bilingual(std::string_view en, std::string_view zh);
// The English part (the whole text when it has no Chinese part).
std::string_view english_part(std::string_view text);
// The Chinese part, or the English part when the text has none.
std::string_view chinese_part(std::string_view text);
std::string in_language(std::string_view text, Language language);
// The texts one after the other, each in English and Chinese or in English only: the English
// parts joined, and the Chinese parts joined (a text without one lends its English).
std::string join_bilingual(std::initializer_list<std::string_view> parts);

}  // namespace memlab
