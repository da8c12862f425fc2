#include "pages.hpp"

#include "assets.hpp"
#include "layout.hpp"
#include "text.hpp"
#include "ui_text.hpp"

#include <sstream>

namespace memlab::site {

namespace {

void write_head(std::ostringstream& html, const std::string& title, const std::string& style, Language language,
                const std::string& alternate_url) {
  html << "<!doctype html>\n<html lang=\"" << html_lang(language) << "\">\n<head>\n<meta charset=\"utf-8\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       << "<meta name=\"generator\" content=\"memlab-site\">\n"
       << "<title>" << html_escape(title) << "</title>\n";
  if (!alternate_url.empty()) {
    const Language other = language == Language::zh ? Language::en : Language::zh;
    html << "<link rel=\"alternate\" hreflang=\"" << html_lang(other) << "\" href=\"" << html_escape(alternate_url)
         << "\">\n";
  }
  html << style << "</head>\n";
}

std::string nav_html(const PageFrame& frame) {
  std::ostringstream html;
  const std::string home = frame.language == Language::zh ? "index.zh.html" : "index.html";
  html << "<nav class=\"sidebar\" aria-label=\"" << ui_text(frame.language).contents_label << "\">\n"
       << "<a class=\"brand\" href=\"" << relative_url(frame.site_path, home) << "\">"
       << html_escape(frame.course_title) << "</a>\n";
  for (const auto& section : frame.nav) {
    if (section.links.empty()) continue;
    html << "<h2>" << html_escape(section.heading) << "</h2>\n<ul>\n";
    for (const auto& link : section.links) {
      html << "<li><a href=\"" << relative_url(frame.site_path, link.site_path) << "\""
           << (link.site_path == frame.site_path ? " aria-current=\"page\"" : "") << ">" << html_escape(link.title)
           << "</a></li>\n";
    }
    html << "</ul>\n";
  }
  html << "</nav>\n";
  return html.str();
}

std::string pager_html(const PageFrame& frame) {
  std::vector<const NavLink*> order;
  for (const auto& section : frame.nav) {
    for (const auto& link : section.links) order.push_back(&link);
  }
  size_t here = order.size();
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i]->site_path == frame.site_path) here = i;
  }
  if (here == order.size()) return "";
  const auto link = [&](const NavLink* target, const char* cls, const char* label) {
    return "<a class=\"" + std::string(cls) + "\" href=\"" + relative_url(frame.site_path, target->site_path) +
           "\"><span>" + label + "</span>" + html_escape(target->title) + "</a>";
  };
  const UiText& words = ui_text(frame.language);
  std::string html = "<nav class=\"pager\" aria-label=\"" + std::string(words.pager_label) + "\">";
  if (here > 0) html += link(order[here - 1], "prev", words.previous);
  if (here + 1 < order.size()) html += link(order[here + 1], "next", words.next);
  return html + "</nav>\n";
}

}  // namespace

std::string site_page_html(const PageFrame& frame) {
  std::ostringstream html;
  const std::string style =
      frame.inline_stylesheet
          ? "<style>\n" + std::string(assets::site_css) + std::string(assets::highlight_css) + "</style>\n"
          : "<link rel=\"stylesheet\" href=\"" + relative_url(frame.site_path, "site.css") + "\">\n";
  const std::string title = frame.page_title == frame.course_title
                                ? frame.course_title
                                : frame.page_title + " \xE2\x80\x94 " + frame.course_title;
  const UiText& words = ui_text(frame.language);
  const std::string alternate_url =
      frame.alternate.site_path.empty() ? "" : relative_url(frame.site_path, frame.alternate.site_path);
  write_head(html, title, style, frame.language, alternate_url);
  html << "<body" << (frame.nav.empty() ? " class=\"no-sidebar\"" : "") << ">\n"
       << "<a class=\"skip-link\" href=\"#content\">" << words.skip_to_content << "</a>\n"
       << "<div class=\"layout\">\n";
  if (!frame.nav.empty()) html << nav_html(frame);
  html << "<main id=\"content\" class=\"content\">\n";
  if (frame.nav.empty() && !frame.home.site_path.empty()) {
    html << "<header class=\"page-home\"><a class=\"brand\" href=\""
         << relative_url(frame.site_path, frame.home.site_path) << "\">" << html_escape(frame.home.title)
         << "</a></header>\n";
  }
  if (!alternate_url.empty()) {
    const Language other = frame.language == Language::zh ? Language::en : Language::zh;
    html << "<p class=\"lang-switch\"><a href=\"" << alternate_url << "\" hreflang=\"" << html_lang(other)
         << "\" lang=\"" << html_lang(other) << "\">" << html_escape(frame.alternate.title) << "</a></p>\n";
  }
  html << "<article class=\"markdown-body\">\n"
       << frame.body_html << "</article>\n"
       << frame.after_article_html << pager_html(frame);
  if (!frame.source_path.empty()) {
    html << "<footer class=\"page-footer\">" << words.rendered_from << " <code>" << html_escape(frame.source_path)
         << "</code></footer>\n";
  }
  html << "</main>\n</div>\n</body>\n</html>\n";
  return html.str();
}

std::string deck_page_html(const std::string& title, const std::vector<DeckSlide>& slides,
                           const std::string& source_path, const NavLink& home, Language language,
                           const NavLink& alternate) {
  std::ostringstream html;
  const UiText& words = ui_text(language);
  write_head(html, title,
             "<style>\n" + std::string(assets::deck_css) + std::string(assets::highlight_css) + "</style>\n", language,
             alternate.site_path);
  const Language other = language == Language::zh ? Language::en : Language::zh;
  const std::string alternate_link = alternate.site_path.empty()
                                         ? ""
                                         : "<a class=\"deck-lang\" href=\"" + html_escape(alternate.site_path) +
                                               "\" hreflang=\"" + std::string(html_lang(other)) + "\" lang=\"" +
                                               std::string(html_lang(other)) + "\">" + html_escape(alternate.title) +
                                               "</a> \xC2\xB7 ";
  const size_t count = slides.size();
  const std::string home_link = home.site_path.empty()
                                    ? ""
                                    : "<a class=\"deck-home\" href=\"" + html_escape(home.site_path) + "\">" +
                                          html_escape(home.title) + "</a> \xC2\xB7 ";
  html << "<body class=\"deck\" data-slide-count=\"" << count << "\" data-source=\"" << html_escape(source_path)
       << "\">\n<main class=\"slides\">\n";
  for (size_t i = 0; i < count; ++i) {
    html << "<section class=\"slide" << (slides[i].title_slide ? " title-slide" : "") << "\" id=\"slide-" << i + 1
         << "\" aria-label=\"" << slide_label(language, i + 1, count) << "\">\n<div class=\"slide-body\">\n"
         << slides[i].html << "</div>\n"
         << "<div class=\"slide-footer\"><span>" << home_link << alternate_link << html_escape(title) << "</span><span>"
         << i + 1 << " / " << count << "</span></div>\n</section>\n";
  }
  html << "</main>\n"
       << "<div class=\"deck-controls\" aria-label=\"" << words.slide_navigation << "\">"
       << "<button type=\"button\" data-step=\"-1\" aria-label=\"" << words.previous_slide << "\">&#8249;</button>"
       << "<button type=\"button\" data-step=\"1\" aria-label=\"" << words.next_slide << "\">&#8250;</button></div>\n"
       << "<div class=\"progress\"><div class=\"progress-bar\"></div></div>\n"
       << "<script>\n"
       << assets::deck_js << "</script>\n</body>\n</html>\n";
  return html.str();
}

}  // namespace memlab::site
