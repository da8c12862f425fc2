#pragma once
// The sections of a Markdown page and their fingerprints: what the stamp of a translated page
// (X.zh.md) records about its English page X.md,
//     <!-- translation of X.md: 1a2b3c4d 5e6f7a8b ... -->
// one fingerprint per section. memlab-site check-translations compares the stamp with the English
// page now (docs/site/src/translations.hpp); memlab-course export-student stamps the
// translations of the students' copy again for the copy's English pages
// (checker/tools/course/export_translations.h). Both cut the pages here, so they agree.
//
// Section 0 is the lines before the first heading; then one section per heading, from its line
// to the next heading. A heading is an ATX heading line: up to 3 spaces, 1 to 6 '#', then a
// space, a tab or the end of the line ("#hashtag" is none). A line inside a fenced code block
// (``` or ~~~, opened and closed as CommonMark says: at least 3 of one character, up to 3 spaces
// before, a backtick fence's info string without backtick, a closing fence of the same character
// at least as long and nothing but spaces after it) is never a heading, nor is a line inside an
// HTML comment that spans lines (from a line that starts with "<!--", after any indentation,
// whose "-->" is not on that line, to the line that holds "-->").
//
// The generated regions are left out of every section: the lab table that memlab-site lab-tables
// keeps equal to the manifests ("<!-- labs: begin" to "<!-- labs: end"), and the checks tables
// that memlab-site check-tables writes from each lab.json ("checks", "check-details",
// "graded-checks"). Each language's page holds its own table from the same manifest, and those
// tools check both. So a new lab's row, or a changed check description, does not make a
// translation stale. (The other regions, "instructor-only" and "student-copy", are hand-written
// prose and count.)

// This is a line scan, not a Markdown parser: it knows no container blocks (lists, block quotes),
// no setext headings and no other HTML blocks, so on a contrived page it may cut elsewhere than
// cmark would. It need not match cmark: a fingerprint only has to cut the same page the same way
// every time, in both tools.
//
// A fingerprint is 32-bit FNV-1a over a section's lines, each followed by "\n", as 8 lowercase
// hex digits (the same function as memlab-site's description_fingerprint).
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlab {

// 32-bit FNV-1a of `text`, as 8 lowercase hex digits.
inline std::string text_fingerprint(std::string_view text) {
  std::uint32_t hash = 2166136261u;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  char buffer[9];
  std::snprintf(buffer, sizeof buffer, "%08x", static_cast<unsigned>(hash));
  return buffer;
}

// The names of the generated regions (see the top of this file): "<!-- NAME: begin ...".
inline constexpr std::string_view kGeneratedRegions[] = {"labs", "checks", "check-details", "graded-checks"};

struct PageSection {
  int line = 0;         // 1-based line of its heading; 0 for the text before the first heading
  std::string heading;  // the heading line without its indentation and trailing blanks ("" for section 0)
  std::string text;     // its lines, each followed by "\n"
};

namespace section_scan {

inline size_t indentation(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

inline bool is_blank(std::string_view text) {
  for (const char c : text) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

inline std::string_view trimmed_end(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

struct Fence {
  char mark = 0;  // '`' or '~'; 0: not a fence line
  size_t length = 0;
  std::string_view rest;  // after the fence characters
};

inline Fence fence_of(std::string_view line) {
  const size_t indent = indentation(line);
  if (indent > 3 || indent >= line.size() || (line[indent] != '`' && line[indent] != '~')) return {};
  const char mark = line[indent];
  size_t end = indent;
  while (end < line.size() && line[end] == mark) ++end;
  if (end - indent < 3) return {};
  return {mark, end - indent, line.substr(end)};
}

inline bool is_heading(std::string_view line) {
  const size_t indent = indentation(line);
  if (indent > 3) return false;
  size_t end = indent;
  while (end < line.size() && line[end] == '#') ++end;
  const size_t level = end - indent;
  if (level < 1 || level > 6) return false;
  return end == line.size() || line[end] == ' ' || line[end] == '\t' || line[end] == '\r';
}

// Whether `line` opens an HTML comment that it does not close.
// Whether `line`, after its indentation, starts with `prefix`.
inline bool starts_with_text(std::string_view line, std::string_view prefix) {
  size_t start = 0;
  while (start < line.size() && (line[start] == ' ' || line[start] == '\t')) ++start;
  return line.substr(start, prefix.size()) == prefix;
}

// The name of the generated region whose begin line `line` is, or "" (see the top of this file).
inline std::string_view generated_region_begun(std::string_view line) {
  for (const std::string_view name : kGeneratedRegions) {
    if (starts_with_text(line, "<!-- " + std::string(name) + ": begin")) return name;
  }
  return {};
}

inline bool opens_comment(std::string_view line) {
  size_t start = 0;
  while (start < line.size() && (line[start] == ' ' || line[start] == '\t')) ++start;
  if (line.substr(start, 4) != "<!--") return false;
  return line.find("-->", start + 4) == std::string_view::npos;
}

}  // namespace section_scan

// The sections of a page (see the top of this file); there is always section 0, empty or not.
inline std::vector<PageSection> page_sections(std::string_view markdown) {
  using namespace section_scan;
  std::vector<PageSection> sections(1);
  Fence open;  // the fenced code block the scan is in (mark 0: none)
  bool in_comment = false;
  std::string region_end;  // inside a generated region: the start of its end line (see the top of this file)
  size_t start = 0;
  int number = 0;
  while (start < markdown.size()) {
    size_t end = markdown.find('\n', start);
    if (end == std::string_view::npos) end = markdown.size();
    const std::string_view line = markdown.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!region_end.empty()) {
      if (starts_with_text(line, region_end)) region_end.clear();
      continue;
    }
    if (open.mark == 0 && !in_comment) {
      if (const std::string_view name = generated_region_begun(line); !name.empty()) {
        region_end = "<!-- " + std::string(name) + ": end";
        continue;
      }
    }
    if (open.mark != 0) {
      const Fence fence = fence_of(line);
      if (fence.mark == open.mark && fence.length >= open.length && is_blank(fence.rest)) open = {};
    } else if (in_comment) {
      in_comment = line.find("-->") == std::string_view::npos;
    } else if (const Fence fence = fence_of(line);
               fence.mark != 0 && (fence.mark == '~' || fence.rest.find('`') == std::string_view::npos)) {
      open = fence;
    } else if (is_heading(line)) {
      sections.push_back({number, std::string(trimmed_end(line.substr(indentation(line)))), ""});
    } else {
      in_comment = opens_comment(line);
    }
    sections.back().text.append(line).push_back('\n');
  }
  return sections;
}

// One fingerprint per section of the page, in order.
inline std::vector<std::string> section_fingerprints(std::string_view markdown) {
  std::vector<std::string> result;
  for (const auto& section : page_sections(markdown)) result.push_back(text_fingerprint(section.text));
  return result;
}

// The stamp line of a translation of the page named `english_name` (a file name: "setup.md").
inline std::string translation_stamp(std::string_view english_name, const std::vector<std::string>& fingerprints) {
  std::string line = "<!-- translation of " + std::string(english_name) + ":";
  for (const auto& f : fingerprints) line += " " + f;
  return line + " -->";
}

struct TranslationStamp {
  std::string name;                       // the English page's file name it names
  std::vector<std::string> fingerprints;  // empty when the stamp holds none ("not stamped") or a malformed one
};

// The stamp a translation's first line holds, or nothing when the line is no stamp.
inline std::optional<TranslationStamp> read_translation_stamp(std::string_view first_line) {
  constexpr std::string_view prefix = "<!-- translation of ";
  constexpr std::string_view suffix = " -->";
  if (first_line.substr(0, prefix.size()) != prefix) return std::nullopt;
  if (first_line.find_first_of("\r\n") != std::string_view::npos) return std::nullopt;
  std::string_view rest = first_line.substr(prefix.size());
  const size_t space = rest.find(' ');
  // The name: no blank, ending in ':' and followed by a space; then the list, then " -->".
  if (space == std::string_view::npos || space < 2 || rest[space - 1] != ':') return std::nullopt;
  TranslationStamp stamp;
  stamp.name = std::string(rest.substr(0, space - 1));
  for (const char c : stamp.name) {
    if (c == '\t' || c == '\r' || c == '\v' || c == '\f') return std::nullopt;
  }
  rest = rest.substr(space + 1);
  if (rest.size() < suffix.size() || rest.substr(rest.size() - suffix.size()) != suffix) return std::nullopt;
  rest = rest.substr(0, rest.size() - suffix.size());
  std::vector<std::string> words;
  bool all_fingerprints = true;
  size_t at = 0;
  while (at < rest.size()) {
    size_t stop = rest.find(' ', at);
    if (stop == std::string_view::npos) stop = rest.size();
    if (stop > at) {
      const std::string_view word = rest.substr(at, stop - at);
      bool hex = word.size() == 8;
      for (const char c : word) hex = hex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
      all_fingerprints = all_fingerprints && hex;
      words.emplace_back(word);
    }
    at = stop + 1;
  }
  if (all_fingerprints) stamp.fingerprints = std::move(words);
  return stamp;
}

}  // namespace memlab
