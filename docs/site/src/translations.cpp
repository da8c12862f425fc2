#include "translations.hpp"

#include "languages.hpp"
#include "layout.hpp"
#include "link_refs.hpp"
#include "markdown.hpp"
#include "markers.hpp"
#include "numbers.hpp"
#include "section_numbers.hpp"
#include "slides.hpp"
#include "text.hpp"
#include "translation_list.hpp"

#include <memlab/section_fingerprints.h>

#include <cmark-gfm.h>

#include <algorithm>
#include <functional>
#include <map>

namespace memlab::site {

namespace {

struct Heading {
  int level = 0;
  int line = 0;
  std::string text;
};

struct CodeBlockText {
  std::string info;
  std::string code;
  int line = 0;
};

// What must be the same in a page and its translation, read from one Markdown file.
struct PageFacts {
  std::vector<Heading> headings;
  std::vector<CodeBlockText> code;
  std::map<std::string, std::vector<int>> markers;  // "threshold:ID -> TEXT" -> lines
  std::map<std::string, std::vector<int>> links;    // "link URL" / "image URL" -> lines
  size_t slides = 0;
};

// How a marker's text counts in the comparison: as written, the numbers it quotes (a measured
// marker), or (for a threshold marker of the translation) the English text it stands for.
using MarkerKey = std::function<std::string(MarkerKind, const Marker&)>;

// A measured marker stands for the numbers it quotes, in order ("4.41 times" and "4.41 倍" are
// both "4.41"), read as check-measured reads them (written_numbers): check-measured holds each
// number to its record, and the words between the numbers belong to the page's language.
std::string quoted_numbers(const std::string& text) {
  std::string out;
  for (const WrittenNumber& n : written_numbers(text)) out += (out.empty() ? "" : " ") + n.text;
  return out;
}

// "../labs/04-padding/README.zh.md#x" -> "../labs/04-padding/README.md#x", and
// "../figures/x.zh.svg" -> "../figures/x.svg": a link to the Chinese twin of a page or a figure
// (languages.hpp) counts as the link to it. Other URLs are kept.
std::string link_key(const std::string& url) {
  const size_t end = url.find_first_of("?#");
  const std::string path = url.substr(0, end);
  const size_t dot = path.rfind('.');
  const size_t name = path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1;
  const std::string_view twin = ".zh";
  if (dot == std::string::npos || dot < name + twin.size() + 1 ||
      path.compare(dot - twin.size(), twin.size(), twin) != 0) {
    return url;
  }
  return path.substr(0, dot - twin.size()) + url.substr(dot);
}

PageFacts facts_of(std::string_view markdown, bool deck, const MarkerKey& marker_key) {
  PageFacts facts;
  Markdown page(markdown);
  for (cmark_node* heading : nodes_of_type(page.root(), CMARK_NODE_HEADING)) {
    facts.headings.push_back(
        {cmark_node_get_heading_level(heading), cmark_node_get_start_line(heading), plain_text(heading)});
  }
  for (cmark_node* block : nodes_of_type(page.root(), CMARK_NODE_CODE_BLOCK)) {
    const char* info = cmark_node_get_fence_info(block);
    const char* literal = cmark_node_get_literal(block);
    facts.code.push_back({info ? info : "", literal ? literal : "", cmark_node_get_start_line(block)});
  }
  Problems ignored;  // an unclosed marker is check-thresholds' finding, not this check's
  for (MarkerKind kind : kMarkerKinds) {
    const std::string name = kind == MarkerKind::threshold ? "threshold" : "measured";
    visit_markers(
        page.root(), "",
        [&](const Marker& marker) -> std::optional<MarkerValue> {
          facts.markers[name + ":" + marker.id + " -> " + marker_key(kind, marker)].push_back(marker.line);
          return std::nullopt;
        },
        ignored, kind);
  }
  for (const auto& ref : link_refs(page.root())) {
    facts.links[std::string(ref.image ? "image " : "link ") + link_key(ref.url)].push_back(ref.line);
  }
  if (deck) facts.slides = SlideTrees(page.root()).slides().size();
  return facts;
}

std::string first_lines(const std::string& code) {
  const auto lines = split_lines(code);
  return lines.empty() ? "(empty)" : "\"" + lines.front() + (lines.size() > 1 ? "\" ..." : "\"");
}

// Reports what `english` has more often than `translation`, and the reverse.
void compare_counts(const std::map<std::string, std::vector<int>>& english,
                    const std::map<std::string, std::vector<int>>& translation, const std::string& what,
                    const std::string& english_path, const std::string& translation_path, Problems& problems) {
  for (const auto& [key, lines] : english) {
    const auto it = translation.find(key);
    const size_t there = it == translation.end() ? 0 : it->second.size();
    if (there < lines.size()) {
      problems.push_back({translation_path, 0,
                          what + " " + key + " (" + english_path + ":" + std::to_string(lines.front()) + ") is there " +
                              std::to_string(lines.size()) + " time(s), here " + std::to_string(there) + " time(s)"});
    }
  }
  for (const auto& [key, lines] : translation) {
    const auto it = english.find(key);
    const size_t there = it == english.end() ? 0 : it->second.size();
    if (there < lines.size()) {
      problems.push_back({translation_path, lines.front(),
                          what + " " + key + " is here " + std::to_string(lines.size()) + " time(s), in " +
                              english_path + " " + std::to_string(there) + " time(s)"});
    }
  }
}

struct Stamp {
  bool found = false;
  std::string name;
  std::vector<std::string> fingerprints;  // empty: "not stamped"
};

Stamp read_stamp(std::string_view translation) {
  const auto lines = split_lines(translation);
  Stamp result;
  if (lines.empty()) return result;
  const auto stamp = memlab::read_translation_stamp(lines.front());
  if (!stamp) return result;
  result.found = true;
  result.name = stamp->name;
  result.fingerprints = stamp->fingerprints;
  return result;
}

// A section as the stamp counts them (memlab/section_fingerprints.h): its heading line as written,
// which need not be one of cmark's headings (the scan knows no setext heading, for one).
std::string section_name(const std::vector<memlab::PageSection>& sections, size_t section) {
  if (section == 0) return "the text before the first heading";
  const memlab::PageSection& s = sections[section];
  return "\"" + s.heading + "\" (line " + std::to_string(s.line) + ")";
}

void compare_stamp(const std::string& english_path, std::string_view english, const std::string& translation_path,
                   std::string_view translation, Problems& problems) {
  const std::string name = fs::path(english_path).filename().string();
  const std::string restamp =
      "bring it up to date, then run memlab-site check-translations --root . --stamp " + translation_path;
  const Stamp stamp = read_stamp(translation);
  if (!stamp.found) {
    problems.push_back(
        {translation_path, 1,
         "the first line must be the stamp \"<!-- translation of " + name + ": ... -->\" (" + restamp + ")"});
    return;
  }
  if (stamp.name != name) {
    problems.push_back({translation_path, 1, "the stamp names " + stamp.name + ", but this translates " + name});
    return;
  }
  if (stamp.fingerprints.empty()) {
    problems.push_back(
        {translation_path, 1,
         "the stamp holds no fingerprints (\"not stamped\"): compare the page with " + english_path + ", " + restamp});
    return;
  }
  const std::vector<memlab::PageSection> sections = memlab::page_sections(english);
  const std::vector<std::string> now = section_fingerprints(english);
  std::vector<std::string> changed;
  for (size_t i = 0; i < now.size(); ++i) {
    if (i >= stamp.fingerprints.size() || stamp.fingerprints[i] != now[i]) {
      changed.push_back(section_name(sections, i));
    }
  }
  if (stamp.fingerprints.size() > now.size()) {
    changed.push_back(std::to_string(stamp.fingerprints.size() - now.size()) + " section(s) no longer there");
  }
  if (changed.empty()) return;
  std::string list;
  for (const auto& c : changed) list += (list.empty() ? "" : "; ") + c;
  problems.push_back({translation_path, 1,
                      english_path + " changed since this translation was stamped, in " +
                          std::to_string(changed.size()) + " section(s): " + list + ". " +
                          "Translate the change, then run memlab-site check-translations "
                          "--root . --stamp " +
                          translation_path});
}

// A section of a page as the stamp cuts it, for messages: its heading and where it is.
std::string section_label(const SectionNumbers& section, const std::string& path) {
  if (section.line == 0) return "the text before the first heading of " + path;
  return "\"" + section.heading + "\" (" + path + ":" + std::to_string(section.line) + ")";
}

// "4.41 (docs/x.md:45), 128 (docs/x.md:47)": the numbers of `numbers` (written in `path`) that
// `other` does not write as often. Where a number is written more often, the later ones are named.
std::string numbers_beyond(const std::vector<ProseNumber>& numbers, const std::string& path,
                           const std::vector<ProseNumber>& other) {
  std::map<std::string, size_t> left;  // how many of each number `other` still has to match
  for (const auto& number : other) ++left[number.text];
  std::string list;
  for (const auto& number : numbers) {
    if (left[number.text] > 0) {
      --left[number.text];
      continue;
    }
    list += (list.empty() ? "" : ", ") + number.text + " (" + path + ":" + std::to_string(number.line) + ")";
  }
  return list;
}

// Section i of the translation writes the numbers section i of the English page writes, each as
// often (section_numbers.hpp says which text counts, numbers_in_prose.hpp what a number is).
void compare_numbers(const std::string& english_path, std::string_view english, const std::string& translation_path,
                     std::string_view translation, bool same_headings, Problems& problems) {
  const std::vector<SectionNumbers> en = section_numbers(english);
  const std::vector<SectionNumbers> zh = section_numbers(translation);
  if (en.size() != zh.size()) {
    // Sections cannot be paired; with other headings that is already reported.
    if (same_headings) {
      problems.push_back({translation_path, 0,
                          std::to_string(zh.size() - 1) + " heading line(s) starting with \"#\", " + english_path +
                              " has " + std::to_string(en.size() - 1) +
                              ": numbers are compared section by section, so keep one for each English one"});
    }
    return;
  }
  for (size_t i = 0; i < en.size(); ++i) {
    const std::string twin = section_label(en[i], english_path);
    const std::string missing = numbers_beyond(en[i].numbers, english_path, zh[i].numbers);
    const std::string extra = numbers_beyond(zh[i].numbers, translation_path, en[i].numbers);
    const std::string fix = ". Write the numbers the English section writes, each as often";
    if (!missing.empty()) {
      problems.push_back(
          {translation_path, zh[i].line,
           "numbers of the English section " + twin + " that this section does not write: " + missing + fix});
    }
    if (!extra.empty()) {
      problems.push_back({translation_path, zh[i].line,
                          "numbers here that the English section " + twin + " does not write: " + extra + fix});
    }
  }
}

}  // namespace

std::vector<std::string> section_fingerprints(std::string_view english_markdown) {
  return memlab::section_fingerprints(english_markdown);
}

std::string translation_stamp(std::string_view english_name, const std::vector<std::string>& fingerprints) {
  return memlab::translation_stamp(english_name, fingerprints);
}

Problems compare_translation(const std::string& english_path, std::string_view english,
                             const std::string& translation_path, std::string_view translation,
                             const ThresholdBook* thresholds) {
  Problems problems;
  const bool deck = is_deck(english_path);
  const MarkerKey as_written = [](MarkerKind kind, const Marker& marker) {
    return kind == MarkerKind::measured ? quoted_numbers(marker.text) : marker.text;
  };
  // A Chinese threshold marker that quotes the manifest's value in Chinese stands for the English
  // marker that quotes it in English; any other text is compared as written, so a stale or an
  // English quote still differs (check-thresholds says what it should be).
  const MarkerKey chinese_as_english = [&](MarkerKind kind, const Marker& marker) {
    if (kind == MarkerKind::measured) return quoted_numbers(marker.text);
    if (kind != MarkerKind::threshold || !thresholds) return marker.text;
    const auto chinese = thresholds->lookup(translation_path, marker.id, Language::zh);
    const auto english_text = thresholds->lookup(english_path, marker.id, Language::en);
    if (!chinese.error.empty() || !english_text.error.empty() || marker.text != chinese.text) return marker.text;
    return english_text.text;
  };
  const PageFacts en = facts_of(english, deck, as_written);
  const PageFacts zh = facts_of(translation, deck, chinese_as_english);
  compare_stamp(english_path, english, translation_path, translation, problems);

  // Headings one for one: the site gives heading i of the translation the anchor of English heading i.
  if (en.headings.size() != zh.headings.size()) {
    problems.push_back({translation_path, 0,
                        std::to_string(zh.headings.size()) + " heading(s), " + english_path + " has " +
                            std::to_string(en.headings.size()) + ": keep one heading for each English heading"});
  }
  for (size_t i = 0; i < std::min(en.headings.size(), zh.headings.size()); ++i) {
    if (en.headings[i].level != zh.headings[i].level) {
      problems.push_back({translation_path, zh.headings[i].line,
                          "heading " + std::to_string(i + 1) + " is level " + std::to_string(zh.headings[i].level) +
                              ", its English twin \"" + en.headings[i].text + "\" (" + english_path + ":" +
                              std::to_string(en.headings[i].line) + ") level " + std::to_string(en.headings[i].level)});
      break;
    }
  }
  // Code blocks: the same, in the same order.
  if (en.code.size() != zh.code.size()) {
    problems.push_back({translation_path, 0,
                        std::to_string(zh.code.size()) + " code block(s), " + english_path + " has " +
                            std::to_string(en.code.size())});
  }
  for (size_t i = 0; i < std::min(en.code.size(), zh.code.size()); ++i) {
    if (en.code[i].info != zh.code[i].info || en.code[i].code != zh.code[i].code) {
      problems.push_back({translation_path, zh.code[i].line,
                          "code block " + std::to_string(i + 1) + " differs from " + english_path + ":" +
                              std::to_string(en.code[i].line) + " (there " + first_lines(en.code[i].code) + ", here " +
                              first_lines(zh.code[i].code) + "): code is copied, never translated"});
    }
  }
  compare_counts(en.markers, zh.markers, "marker", english_path, translation_path, problems);
  compare_counts(en.links, zh.links, "", english_path, translation_path, problems);
  if (deck && en.slides != zh.slides) {
    problems.push_back(
        {translation_path, 0,
         std::to_string(zh.slides) + " slide(s), " + english_path + " has " + std::to_string(en.slides)});
  }
  compare_numbers(english_path, english, translation_path, translation, en.headings.size() == zh.headings.size(),
                  problems);
  return problems;
}

TranslationReport check_translations(const fs::path& root) {
  TranslationReport report;
  const CourseFiles files = find_course_files(root);
  const TranslationList list = read_translation_list(root, report.problems);
  // The manifests tell a Chinese threshold quote from a wrong one; a broken manifest is
  // check-thresholds' finding, not this check's.
  Problems manifest_problems;
  const ThresholdBook thresholds = ThresholdBook::load(root, manifest_problems);
  std::vector<std::string> english_pages = files.docs;
  english_pages.insert(english_pages.end(), files.labs.begin(), files.labs.end());
  english_pages.insert(english_pages.end(), files.decks.begin(), files.decks.end());
  std::error_code ec;
  for (const auto& english : english_pages) {
    const std::string twin = translation_path(english);
    if (!fs::is_regular_file(root / twin, ec)) {
      const bool required = std::any_of(list.translated.begin(), list.translated.end(),
                                        [&](const ListedPages& entry) { return lists(entry, english); });
      if (required) {
        report.problems.push_back(
            {english, 0,
             "has no Chinese translation " + twin + " (" + std::string(kTranslationListFile) + " lists it)"});
      }
      continue;
    }
    ++report.pages;
    const Problems found =
        compare_translation(english, read_file(root / english), twin, read_file(root / twin), &thresholds);
    report.problems.insert(report.problems.end(), found.begin(), found.end());
  }
  // Every page students read is in one of the two lists, and every entry names a page.
  const Problems coverage = check_list_covers(root, list, student_facing_pages(root), english_pages);
  report.problems.insert(report.problems.end(), coverage.begin(), coverage.end());
  return report;
}

std::vector<std::string> stamp_translations(const fs::path& root, const std::vector<std::string>& translations) {
  std::vector<std::string> written;
  for (const auto& translation : translations) {
    if (!is_translation(translation)) throw std::runtime_error(translation + " is no translation (X.zh.md)");
    const std::string english = english_source_of(translation);
    const std::string stamp =
        translation_stamp(fs::path(english).filename().string(), section_fingerprints(read_file(root / english)));
    std::string text = read_file(root / translation);
    const size_t end = text.find('\n');
    const std::string first = text.substr(0, end);
    if (starts_with(first, "<!-- translation of ")) {
      text = stamp + (end == std::string::npos ? "\n" : text.substr(end));
    } else {
      text = stamp + "\n\n" + text;
    }
    write_file(root / translation, text);
    written.push_back(translation);
  }
  return written;
}

}  // namespace memlab::site
