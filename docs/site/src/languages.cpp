#include "languages.hpp"

#include "text.hpp"

namespace memlab::site {

namespace {

constexpr std::string_view kZhSuffix = ".zh";

// Where the extension starts in the last path component ("" extension: the end).
size_t extension_start(std::string_view path) {
  const size_t slash = path.rfind('/');
  const size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return path.size();
  return dot;
}

}  // namespace

std::string_view html_lang(Language language) { return language == Language::zh ? "zh-Hans" : "en"; }

bool is_translation(std::string_view repo_path) { return ends_with(repo_path, ".zh.md"); }

Language page_language(std::string_view repo_path) { return is_translation(repo_path) ? Language::zh : Language::en; }

std::string translation_path(std::string_view english_repo_path) { return twin_of(english_repo_path, Language::zh); }

std::string english_source_of(std::string_view repo_path) {
  if (!is_translation(repo_path)) return std::string(repo_path);
  std::string path(repo_path);
  return path.erase(path.size() - std::string_view(".zh.md").size()) + ".md";
}

std::string twin_of(std::string_view repo_path, Language language) {
  if (language == Language::en) return std::string(repo_path);
  const size_t at = extension_start(repo_path);
  if (repo_path.substr(0, at).size() >= kZhSuffix.size() &&
      repo_path.substr(at - kZhSuffix.size(), kZhSuffix.size()) == kZhSuffix) {
    return std::string(repo_path);  // already the twin
  }
  return std::string(repo_path.substr(0, at)) + std::string(kZhSuffix) + std::string(repo_path.substr(at));
}

}  // namespace memlab::site
