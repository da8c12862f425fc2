// The course's two languages and how a page's translation is named: the Simplified Chinese
// twin of `X.md` is `X.zh.md` in the same folder, so both files write the same relative links
// and images. The site renders it to `X.zh.html` beside `X.html` (a handout's
// `README.zh.md` to `index.zh.html`), so the same relative URLs reach the same figures.
#pragma once

#include <string>
#include <string_view>

namespace memlab::site {

enum class Language { en, zh };

// "en" or "zh-Hans": the value of the page's <html lang>.
std::string_view html_lang(Language language);

// True for `X.zh.md`.
bool is_translation(std::string_view repo_path);
// The language a page is written in: Chinese for a translation (X.zh.md), else English.
Language page_language(std::string_view repo_path);

// "docs/setup.md" -> "docs/setup.zh.md"; "labs/04-padding/README.md" -> "labs/04-padding/README.zh.md".
std::string translation_path(std::string_view english_repo_path);

// The inverse: "docs/setup.zh.md" -> "docs/setup.md"; a path that is no translation is returned as is.
std::string english_source_of(std::string_view repo_path);

// A file's Chinese twin by the same rule, for any extension: "docs/figures/bank-conflicts.html"
// -> "docs/figures/bank-conflicts.zh.html". A translated page links its figures by the English
// name; the site shows the twin where one exists.
std::string twin_of(std::string_view repo_path, Language language);

}  // namespace memlab::site
