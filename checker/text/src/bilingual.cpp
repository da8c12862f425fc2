#include "memlab/bilingual.h"

namespace memlab {

std::string bilingual(std::string_view en, std::string_view zh) {
  std::string out(en);
  out += kLanguageSeparator;
  out += zh;
  return out;
}

std::string_view english_part(std::string_view text) { return text.substr(0, text.find(kLanguageSeparator)); }

std::string_view chinese_part(std::string_view text) {
  const auto at = text.find(kLanguageSeparator);
  return at == std::string_view::npos ? text : text.substr(at + 1);
}

std::string in_language(std::string_view text, Language language) {
  return std::string(language == Language::zh ? chinese_part(text) : english_part(text));
}

std::string join_bilingual(std::initializer_list<std::string_view> parts) {
  std::string en, zh;
  bool any_chinese = false;
  for (std::string_view p : parts) {
    en += english_part(p);
    zh += chinese_part(p);
    any_chinese = any_chinese || p.find(kLanguageSeparator) != std::string_view::npos;
  }
  return any_chinese ? bilingual(en, zh) : en;
}

}  // namespace memlab
