#include "memlab/check_text.h"

#include "memlab/bilingual.h"

namespace memlab {
namespace {

const std::string& chosen(const std::string& english, const std::string& chinese, Language language) {
  return language == Language::zh && !chinese.empty() ? chinese : english;
}

}  // namespace

const std::string& check_description(const CheckSpec& check, Language language) {
  return chosen(check.description, check.zh.description, language);
}

const std::string& check_hint(const CheckSpec& check, Language language) {
  return chosen(check.hint, check.zh.hint, language);
}

const std::string& lab_title(const Manifest& manifest, Language language) {
  return chosen(manifest.title, manifest.zh.title, language);
}

void translate_rows(std::vector<CheckResult>& rows, const Manifest& manifest, Language language) {
  for (auto& row : rows) {
    const CheckSpec* spec = manifest.find(row.id);
    if (!spec) continue;
    // The texts the checks and the judge wrote in both languages (memlab/bilingual.h).
    row.detail = in_language(row.detail, language);
    row.measured_text = in_language(row.measured_text, language);
    row.required_text = in_language(row.required_text, language);
    row.description = check_description(*spec, language);
    row.hint = check_hint(*spec, language);
  }
}

}  // namespace memlab
