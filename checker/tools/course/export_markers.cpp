#include "export_markers.h"

#include <optional>

namespace memlab::course {

namespace {

std::string_view trimmed(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = line.find_last_not_of(" \t\r\n");
  return line.substr(first, last - first + 1);
}

bool is_blank(std::string_view line) { return trimmed(line).empty(); }

// The file's lines, each with its own line ending (the last may have none).
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    const size_t next = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, next - start));
    start = next;
  }
  return lines;
}

enum class Marker { instructor_begin, instructor_end, student_begin, student_end };

std::optional<Marker> marker_of(std::string_view line) {
  const std::string_view t = trimmed(line);
  if (t == kInstructorBegin) return Marker::instructor_begin;
  if (t == kInstructorEnd) return Marker::instructor_end;
  if (t == kStudentBegin) return Marker::student_begin;
  if (t == kStudentEnd) return Marker::student_end;
  return std::nullopt;
}

// A line that was meant as a marker but is not one (a typo, or a marker sharing its line with
// text): the export would keep the passage, so it must stop instead.
bool looks_like_marker(std::string_view line) {
  const std::string_view t = trimmed(line);
  const bool names_one =
      t.find("instructor-only:") != std::string_view::npos || t.find("student-copy:") != std::string_view::npos;
  const bool comment_edge = t.rfind("<!--", 0) == 0 || (t.size() >= 3 && t.substr(t.size() - 3) == "-->");
  return names_one && comment_edge;
}

// Fenced code blocks (``` or ~~~), so that a marker inside one is reported: the full course
// would show it as code.
class FenceTracker {
 public:
  bool inside() const { return length_ > 0; }

  void see(std::string_view line) {
    const std::string_view t = trimmed(line);
    if (t.size() < 3 || (t[0] != '`' && t[0] != '~')) return;
    const size_t run = t.find_first_not_of(t[0]);
    const size_t length = run == std::string_view::npos ? t.size() : run;
    if (length < 3) return;
    if (!inside()) {
      fence_ = t[0];
      length_ = length;
    } else if (t[0] == fence_ && length >= length_ && trimmed(t.substr(length)).empty()) {
      length_ = 0;
    }
  }

 private:
  char fence_ = 0;
  size_t length_ = 0;
};

enum class State { text, instructor, student };

struct Stripper {
  StudentText result;
  State state = State::text;
  int passage_start = 0;
  bool drop_next_blank = false;
  bool last_output_blank = true;  // the start of the file counts as a blank line

  void problem(int line, std::string message) { result.problems.push_back({line, std::move(message)}); }

  void keep(std::string_view line) {
    if (drop_next_blank && is_blank(line)) {
      drop_next_blank = false;
      return;
    }
    drop_next_blank = false;
    result.text.append(line);
    last_output_blank = is_blank(line);
  }

  void begin(State passage, int line) {
    if (state != State::text) {
      problem(line, "a passage begins inside the passage that begins at line " + std::to_string(passage_start) +
                        " (passages do not nest)");
      return;
    }
    state = passage;
    passage_start = line;
  }

  void end(State passage, int line, const char* begin_text) {
    if (state != passage) {
      problem(line, std::string("this end marker has no \"") + begin_text + "\" before it");
      return;
    }
    state = State::text;
    if (passage == State::instructor) {
      ++result.instructor_passages;
      // The passage and its markers go; one blank line stays between the text around it.
      drop_next_blank = last_output_blank;
    } else {
      ++result.student_passages;
    }
  }

  void marker(Marker m, int line) {
    switch (m) {
      case Marker::instructor_begin: begin(State::instructor, line); break;
      case Marker::student_begin: begin(State::student, line); break;
      case Marker::instructor_end: end(State::instructor, line, kInstructorBegin.data()); break;
      case Marker::student_end: end(State::student, line, kStudentBegin.data()); break;
    }
  }
};

}  // namespace

StudentText student_text(std::string_view markdown) {
  Stripper s;
  FenceTracker fences;
  int number = 0;
  for (std::string_view line : split_lines(markdown)) {
    ++number;
    const auto m = marker_of(line);
    if (m && fences.inside()) {
      s.problem(number,
                "a marker inside a fenced code block shows as code in the full course: put it outside the block");
      continue;
    }
    if (m) {
      s.marker(*m, number);
      continue;
    }
    if (!fences.inside() && looks_like_marker(line)) {
      s.problem(number, "this line looks like a marker but is not one: write \"" + std::string(kInstructorBegin) +
                            "\" (or its end, or the student-copy markers) alone on its line");
    }
    fences.see(line);
    if (s.state != State::instructor) s.keep(line);
  }
  if (s.state != State::text) {
    s.problem(s.passage_start, "this passage never ends (its end marker is missing)");
  }
  return std::move(s.result);
}

std::string nav_without_pages(std::string_view nav, const std::set<std::string>& removed_pages) {
  std::string kept;
  for (std::string_view line : split_lines(nav)) {
    const std::string entry(trimmed(line.substr(0, line.find('#'))));
    if (!entry.empty() && removed_pages.count(entry)) continue;
    kept.append(line);
  }
  return kept;
}

std::string translation_list_without_pages(std::string_view list, const std::set<std::string>& removed_pages) {
  constexpr std::string_view english_only = "english-only:";
  std::string kept;
  for (std::string_view line : split_lines(list)) {
    std::string_view entry = trimmed(line.substr(0, line.find('#')));
    if (entry.substr(0, english_only.size()) == english_only) entry = trimmed(entry.substr(english_only.size()));
    if (entry.substr(0, 5) == "docs/" && removed_pages.count(std::string(entry.substr(5)))) continue;
    kept.append(line);
  }
  return kept;
}

}  // namespace memlab::course
