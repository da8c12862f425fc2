// The HTML around rendered Markdown: the site's page frame and the slide deck.
#pragma once

#include "languages.hpp"

#include <string>
#include <vector>

namespace memlab::site {

struct NavLink {
  std::string title;
  std::string site_path;
};

struct NavSection {
  std::string heading;
  std::vector<NavLink> links;
};

struct PageFrame {
  std::string course_title;
  std::string page_title;
  std::string site_path;  // where the page is written; all its URLs are relative to it
  std::string body_html;
  std::string source_path;         // repository file it comes from, named in the footer ("" for none)
  std::vector<NavSection> nav;     // empty: a page without sidebar
  bool inline_stylesheet = false;  // true for pages that travel alone
  // Placed after the article: an interactive figure whose script draws into it. The article
  // keeps only static text, which the browser check compares with the file.
  std::string after_article_html = {};
  // A page without sidebar links back here at its top (the course home); empty: no link.
  NavLink home = {};
  Language language = Language::en;  // <html lang> and the frame's own words
  // The same page in the other language (the switch at the top of the article); empty: none.
  NavLink alternate = {};
};

// A page of the site: sidebar, article, previous/next links in navigation order, footer.
std::string site_page_html(const PageFrame& frame);

struct DeckSlide {
  std::string html;
  bool title_slide = false;
};

// A self-contained deck: every slide, its stylesheet and its script in one file. Each slide's
// footer links `home` and `alternate` (the deck in the other language), URLs relative to the
// deck, when they are given.
std::string deck_page_html(const std::string& title, const std::vector<DeckSlide>& slides,
                           const std::string& source_path, const NavLink& home = {}, Language language = Language::en,
                           const NavLink& alternate = {});

}  // namespace memlab::site
