#include "memlab/report_language.h"

#include <cctype>
#include <cstdlib>
#include <ostream>

namespace memlab {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// "zh", "zh_CN", "zh-Hans", "zh_CN.UTF-8": the language is what comes before _, - or . .
bool names_language(const std::string& value, const std::string& language) {
  if (value.compare(0, language.size(), language) != 0) return false;
  return value.size() == language.size() || value[language.size()] == '_' || value[language.size()] == '-' ||
         value[language.size()] == '.';
}

}  // namespace

LanguageChoice choose_language(const std::function<const char*(const char*)>& environment) {
  LanguageChoice choice;
  const char* asked = environment("MEMLAB_LANG");
  if (asked && *asked) {
    const std::string value = lower(asked);
    if (names_language(value, "zh")) {
      choice.language = Language::zh;
    } else if (!names_language(value, "en")) {
      choice.warning = "memlab: MEMLAB_LANG=\"" + std::string(asked) +
                       "\" is not a language of the reports (zh for Chinese, en for English): the report is in English";
    }
    return choice;
  }
  // The C library's order: LC_ALL overrides LC_MESSAGES, which overrides LANG.
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* locale = environment(name);
    if (!locale || !*locale) continue;
    if (names_language(lower(locale), "zh")) choice.language = Language::zh;
    return choice;
  }
  return choice;
}

Language report_language(std::ostream& warnings) {
  const LanguageChoice choice = choose_language([](const char* name) { return std::getenv(name); });
  if (!choice.warning.empty()) warnings << choice.warning << "\n";
  return choice.language;
}

const char* language_code(Language language) { return language == Language::zh ? "zh" : "en"; }

}  // namespace memlab
