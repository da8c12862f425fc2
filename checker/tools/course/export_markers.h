#pragma once
// The course text's instructor-only passages, and what export-student writes instead.
//
// In a Markdown file of the course, a passage that must not reach the student copy stands
// between two marker lines; one that only the copy shows is an HTML comment in the full course:
//
//     <!-- instructor-only: begin -->
//     Text about the solutions, the ci preset, the instructor guide ...
//     <!-- instructor-only: end -->
//     <!-- student-copy: begin
//     The text that replaces it in the student copy.
//     student-copy: end -->
//
// Both render invisibly on GitHub and on the course site (they are HTML comments), so the full
// course reads as before. The copy drops the instructor-only passage with its markers, and keeps
// the student-copy text without its two marker lines. Each marker is a line of its own, outside
// any fenced code block (inside one, the full course would show it as code).
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace memlab::course {

inline constexpr std::string_view kInstructorBegin = "<!-- instructor-only: begin -->";
inline constexpr std::string_view kInstructorEnd = "<!-- instructor-only: end -->";
inline constexpr std::string_view kStudentBegin = "<!-- student-copy: begin";
inline constexpr std::string_view kStudentEnd = "student-copy: end -->";

struct MarkerProblem {
  int line = 0;  // 1-based line of the file
  std::string message;
};

struct StudentText {
  std::string text;                     // the file as the student copy holds it
  int instructor_passages = 0;          // passages removed
  int student_passages = 0;             // passages shown
  std::vector<MarkerProblem> problems;  // unpaired, nested or misplaced markers; text is unusable then
};

// The student copy's version of one Markdown file of the course.
StudentText student_text(std::string_view markdown);

// docs/nav.txt without the lines that name a page the copy leaves out (paths relative to docs/,
// as nav.txt writes them). Comments and the other lines stay as they are.
std::string nav_without_pages(std::string_view nav, const std::set<std::string>& removed_pages);

// docs/translations.txt without the lines that name such a page ("english-only:
// docs/instructor-guide.md  # ..."): memlab-site check-translations fails on a line that names
// no page, and the copy runs it.
std::string translation_list_without_pages(std::string_view list, const std::set<std::string>& removed_pages);

}  // namespace memlab::course
