// The words the site itself puts around the course text (navigation, pager, footer, deck
// controls), one table per language, so that a page in Chinese has no English frame.
#pragma once

#include "languages.hpp"

#include <string>

namespace memlab::site {

struct UiText {
  const char* skip_to_content;
  const char* contents_label;  // the sidebar's aria-label
  const char* previous;
  const char* next;
  const char* pager_label;
  const char* rendered_from;
  const char* section_course;
  const char* section_labs;
  const char* section_slides;
  const char* all_decks;
  const char* slides_title;
  const char* previous_slide;
  const char* next_slide;
  const char* slide_navigation;
  const char* in_english;  // after the title of a page that has no translation
  const char* switch_to;   // the language switch's text: the other language's own name
  const char* home;        // the generated home page's link, when docs/index.md is missing
};

const UiText& ui_text(Language language);

// "Slide 3 of 12" / "第 3 张，共 12 张".
std::string slide_label(Language language, size_t number, size_t count);

// The slide index's introduction and its "N slides".
std::string deck_index_intro(Language language);
std::string slide_count_text(Language language, size_t count);

}  // namespace memlab::site
