#pragma once
// The language of a report: English, or Simplified Chinese. memlab-report and memlab-judge decide
// it from their own environment; the check program, which runs the student's code, has no say:
// the reports' text comes from the manifest (its "zh" fields) and the fixed words of
// memlab/report_words.h.
//
//   MEMLAB_LANG   zh, zh_CN, zh-Hans, zh_CN.UTF-8, ... (case aside): Chinese; en, en_US, ...:
//                 English; empty: as if unset; anything else: English, with a warning
//   else the locale: the first of LC_ALL, LC_MESSAGES and LANG that is set and not empty, as the
//                 C library reads them; Chinese when it starts with "zh", English otherwise
//   else English
#include <functional>
#include <iosfwd>
#include <string>

namespace memlab {

enum class Language { en, zh };

struct LanguageChoice {
  Language language = Language::en;
  std::string warning;  // one line when MEMLAB_LANG names no language of the reports; else empty
};

// `environment(name)` is the variable's value, or nullptr when it is unset.
LanguageChoice choose_language(const std::function<const char*(const char*)>& environment);

// choose_language() on this process's environment; its warning, if any, goes to `warnings`.
Language report_language(std::ostream& warnings);

// "en" or "zh": the value of "lang" in results/labNN.json.
const char* language_code(Language language);

}  // namespace memlab
