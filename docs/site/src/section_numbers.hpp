// The numbers each section of a page writes in its text, so that check-translations can hold a
// Chinese section to the numbers of its English twin (translations.hpp). The sections are the
// ones the translation stamp fingerprints (memlab/section_fingerprints.h), so section i of the
// translation is the twin of section i of the English page.
//
// What counts is the text a reader reads as prose: paragraphs (in lists and block quotes too),
// headings, table cells and the alt text of images, read with numbers_in_prose; a passage that
// only the students' copy shows (an HTML comment between "<!-- student-copy: begin" and
// "student-copy: end -->", checker/tools/course/export_markers.h) is text too. Left out:
//   - code spans and code blocks: code is copied, and compared as code;
//   - raw HTML, other HTML comments among it, and the URL of every link and image (a bare URL the page
//     writes is a link too): they are not text;
//   - the text of a threshold or measured marker: compare_translation compares the markers;
//   - a generated region, from a line "<!-- NAME: begin ..." to a line "<!-- NAME: end" (NAME of
//     letters, digits, "-" and "_"; "labs" and "checks" today): each language's copy is written
//     from lab.json by memlab-site, and lab-tables and check-tables hold it there. The one named
//     "instructor-only" is no such region: it is text the authors write and translate, which
//     memlab-course export-student leaves out of the students' copy, so it is compared.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlab::site {

struct ProseNumber {
  std::string text;  // a token of numbers_in_prose: "1048613", "4.41"
  int line = 0;      // the line of the paragraph, heading or table row that writes it
};

struct SectionNumbers {
  int line = 0;         // the heading's line; 0 for the text before the first heading
  std::string heading;  // the heading line as written; "" for the text before the first heading
  std::vector<ProseNumber> numbers;
};

// One entry per section of memlab::page_sections(markdown), in order.
std::vector<SectionNumbers> section_numbers(std::string_view markdown);

}  // namespace memlab::site
