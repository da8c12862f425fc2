#include "export_translations.h"

#include "export_files.h"

#include <memlab/section_fingerprints.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace memlab::course {

namespace {

constexpr std::string_view kTranslationSuffix = ".zh.md";

bool is_translation(const std::string& path) {
  return path.size() > kTranslationSuffix.size() &&
         path.compare(path.size() - kTranslationSuffix.size(), kTranslationSuffix.size(), kTranslationSuffix) == 0 &&
         path[path.size() - kTranslationSuffix.size() - 1] != '/';
}

}  // namespace

std::optional<std::string> restamped_translation(std::string_view translation, std::string_view english_name,
                                                 std::string_view course_english, std::string_view copy_english) {
  const size_t end = translation.find('\n');
  const auto stamp = read_translation_stamp(translation.substr(0, end));
  if (!stamp || stamp->name != english_name || stamp->fingerprints.empty() ||
      stamp->fingerprints != section_fingerprints(course_english)) {
    return std::nullopt;
  }
  return translation_stamp(english_name, section_fingerprints(copy_english)) +
         std::string(end == std::string_view::npos ? std::string_view() : translation.substr(end));
}

TranslationStamps restamp_translations(const fs::path& course, const fs::path& dir,
                                       const std::vector<std::string>& files) {
  TranslationStamps result;
  for (const auto& path : files) {
    if (!is_translation(path)) continue;
    const std::string english = path.substr(0, path.size() - kTranslationSuffix.size()) + ".md";
    if (!fs::is_regular_file(dir / english) || !fs::is_regular_file(course / english)) continue;
    ++result.translations;
    const std::string text = read_text(dir / path);
    const auto restamped = restamped_translation(text, fs::path(english).filename().string(),
                                                 read_text(course / english), read_text(dir / english));
    if (!restamped) {
      result.stale.push_back(path);
    } else if (*restamped != text) {
      std::ofstream out(dir / path, std::ios::binary | std::ios::trunc);  // an existing file: its mode stays
      out << *restamped;
      if (!out) throw std::runtime_error("cannot write " + (dir / path).string());
      ++result.rewritten;
    }
  }
  return result;
}

}  // namespace memlab::course
