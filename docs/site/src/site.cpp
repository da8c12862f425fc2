#include "site.hpp"

#include "assets.hpp"
#include "course_page.hpp"
#include "languages.hpp"
#include "layout.hpp"
#include "markdown.hpp"
#include "pages.hpp"
#include "site_writer.hpp"
#include "slides.hpp"
#include "text.hpp"
#include "thresholds.hpp"
#include "ui_text.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <memory>

namespace memlab::site {

namespace {

struct SourcePage {
  std::string repo_path;
  std::unique_ptr<Markdown> markdown;
  std::string title;
};

SourcePage load_page(const fs::path& root, const std::string& repo_path, const std::string& fallback_title) {
  SourcePage page{repo_path, std::make_unique<Markdown>(read_file(root / repo_path)), ""};
  page.title = first_heading_text(page.markdown->root());
  if (page.title.empty()) page.title = fallback_title;
  return page;
}

// A handout without a heading is still listed by what its manifest calls it.
std::string lab_fallback_title(const ThresholdBook& book, const std::string& handout) {
  const std::string folder = fs::path(handout).parent_path().generic_string();
  const LabManifest* lab = book.lab_for_folder(folder);
  if (lab && !lab->title.empty()) return "Lab " + lab->number + ": " + lab->title;
  return fs::path(folder).filename().string();
}

// The anchors of the English page a translation comes from, in heading order.
std::vector<std::string> english_heading_anchors(const fs::path& root, const std::string& translation) {
  const Markdown english(read_file(root / english_source_of(translation)));
  return heading_anchors(english.root());
}

struct BuiltDeck {
  std::string repo_path;
  std::string title;
  size_t slide_count = 0;
  std::string html;
  PagePreparation preparation;
};

// `home` is linked from every slide's footer (a URL relative to the deck), or nothing when empty.
BuiltDeck build_deck(const CourseTree& tree, const std::string& repo_path, const ThresholdBook& book,
                     const NavLink& home, Language language = Language::en, const NavLink& alternate = {}) {
  Markdown deck(read_file(tree.root / repo_path));
  BuiltDeck built;
  built.repo_path = repo_path;
  built.title = first_heading_text(deck.root());
  if (built.title.empty()) built.title = fs::path(repo_path).stem().string();
  const Problems setext = setext_underline_warnings(deck, repo_path);
  PageLanguage page_language{language, {}};
  if (language != Language::en) page_language.heading_anchors = english_heading_anchors(tree.root, repo_path);
  built.preparation = prepare_page(deck, tree, repo_path, book, ImageMode::embed, page_language);
  built.preparation.problems.insert(built.preparation.problems.end(), setext.begin(), setext.end());
  SlideTrees trees(deck.root());
  std::vector<DeckSlide> slides;
  for (cmark_node* slide : trees.slides()) slides.push_back({deck.render_html(slide), is_title_slide(slide)});
  built.slide_count = slides.size();
  built.html = deck_page_html(built.title, slides, repo_path, home, language, alternate);
  return built;
}

void absorb(RenderSummary& summary, Problems problems) {
  summary.problems.insert(summary.problems.end(), problems.begin(), problems.end());
}

void copy_assets(const CourseTree& tree, const std::set<std::string>& assets, SiteWriter& writer,
                 RenderSummary& summary) {
  for (const auto& asset : assets) {
    writer.copy(tree.locate(asset), site_path_of(asset));
    ++summary.files_copied;
  }
}

std::string deck_file_name(const BuiltDeck& deck) { return fs::path(site_path_of(deck.repo_path)).filename().string(); }

std::string deck_index_body(const std::vector<BuiltDeck>& decks, Language language = Language::en) {
  std::string html = "<h1>" + std::string(ui_text(language).slides_title) + "</h1>\n" + deck_index_intro(language);
  if (decks.empty()) return html + "<p>No decks yet.</p>\n";
  html += "<ol class=\"deck-list\">\n";
  for (const auto& deck : decks) {
    html += "<li><a href=\"" + html_escape(deck_file_name(deck)) + "\">" + html_escape(deck.title) +
            "</a> <span class=\"muted\">" + slide_count_text(language, deck.slide_count) + "</span></li>\n";
  }
  return html + "</ol>\n";
}

std::vector<BuiltDeck> build_decks(const CourseTree& tree, const CourseFiles& files, const ThresholdBook& book,
                                   const NavLink& home) {
  std::vector<BuiltDeck> decks;
  for (const auto& deck_path : files.decks) decks.push_back(build_deck(tree, deck_path, book, home));
  return decks;
}

// Writes the decks as <folder>NN-name.html. Files a deck links (not its images, which are
// embedded) are copied only into a whole site, where the deck's relative links lead to them.
void write_decks(std::vector<BuiltDeck>& decks, const CourseTree& tree, const std::string& folder,
                 bool copy_linked_files, SiteWriter& writer, RenderSummary& summary) {
  for (auto& deck : decks) {
    writer.write(folder + deck_file_name(deck), deck.html);
    if (copy_linked_files) copy_assets(tree, deck.preparation.assets, writer, summary);
    absorb(summary, std::move(deck.preparation.problems));
    ++summary.decks;
  }
}

std::string generated_home_body(const std::string& course_title, const std::vector<NavSection>& nav) {
  std::string html = "<h1>" + html_escape(course_title) + "</h1>\n";
  for (const auto& section : nav) {
    if (section.links.empty()) continue;
    html += "<h2>" + html_escape(section.heading) + "</h2>\n<ul>\n";
    for (const auto& link : section.links) {
      html += "<li><a href=\"" + html_escape(link.site_path) + "\">" + html_escape(link.title) + "</a></li>\n";
    }
    html += "</ul>\n";
  }
  return html;
}

// One language's pages and decks. The English edition holds every page; the Chinese edition
// holds the translated ones (X.zh.md), and its navigation leads to the English page where a
// page has no translation, marked as such.
struct Edition {
  Language language;
  std::vector<SourcePage> pages;  // the pages this edition writes
  std::vector<BuiltDeck> decks;
  std::vector<NavSection> nav;
  bool has_home = false;
};

// The page this edition shows for an English page: itself, or its translation when there is one.
std::string edition_path(const std::string& english, Language language, const std::set<std::string>& translated) {
  if (language == Language::en) return english;
  const std::string twin = translation_path(english);
  return translated.count(twin) ? twin : english;
}

// The same page in the other language, for the switch at its top; empty when it has no twin.
NavLink alternate_of(const std::string& repo_path, Language language, const std::set<std::string>& translated) {
  if (language == Language::zh) return {ui_text(Language::zh).switch_to, site_path_of(english_source_of(repo_path))};
  const std::string twin = translation_path(repo_path);
  if (!translated.count(twin)) return {};
  return {ui_text(Language::en).switch_to, site_path_of(twin)};
}

Edition build_edition(Language language, const SiteOptions& options, const CourseTree& tree, const CourseFiles& files,
                      const ThresholdBook& book, const std::set<std::string>& translated,
                      const std::map<std::string, std::string>& english_titles) {
  Edition edition{language, {}, {}, {}, false};
  const UiText& words = ui_text(language);
  edition.nav = {{words.section_course, {}}, {words.section_labs, {}}, {words.section_slides, {}}};
  std::vector<std::string> english_pages = files.docs;
  english_pages.insert(english_pages.end(), files.labs.begin(), files.labs.end());
  const std::string home_page = language == Language::zh ? translation_path("docs/index.md") : "docs/index.md";
  for (const auto& english : english_pages) {
    const std::string shown = edition_path(english, language, translated);
    const bool own = shown != english || language == Language::en;
    std::string title = english_titles.at(english);
    if (own) {
      edition.pages.push_back(load_page(options.root, shown, title));
      title = edition.pages.back().title;
    } else {
      title += words.in_english;
    }
    if (shown == home_page) edition.has_home = true;
    edition.nav[is_lab_handout(english) ? 1 : 0].links.push_back({title, site_path_of(shown)});
  }
  const std::string home_site = language == Language::zh ? "index.zh.html" : "index.html";
  if (!edition.has_home) edition.nav[0].links.insert(edition.nav[0].links.begin(), {words.home, home_site});
  // In the site a deck sits in slides/, so the course home is one folder up.
  const NavLink home{options.course_title, "../" + home_site};
  for (const auto& english : files.decks) {
    const std::string shown = edition_path(english, language, translated);
    if (language != Language::en && shown == english) continue;  // listed below, in English
    NavLink alternate = alternate_of(shown, language, translated);
    if (!alternate.site_path.empty()) alternate.site_path = fs::path(alternate.site_path).filename().string();
    edition.decks.push_back(build_deck(tree, shown, book, home, language, alternate));
  }
  const std::string deck_index = language == Language::zh ? "slides/index.zh.html" : "slides/index.html";
  if (!files.decks.empty()) edition.nav[2].links.push_back({words.all_decks, deck_index});
  for (const auto& english : files.decks) {
    const std::string shown = edition_path(english, language, translated);
    const auto built = std::find_if(edition.decks.begin(), edition.decks.end(),
                                    [&](const BuiltDeck& deck) { return deck.repo_path == shown; });
    if (built != edition.decks.end()) {
      edition.nav[2].links.push_back({built->title, site_path_of(shown)});
    } else {
      edition.nav[2].links.push_back({english_titles.at(english) + words.in_english, site_path_of(english)});
    }
  }
  return edition;
}

void write_edition(Edition& edition, const SiteOptions& options, const CourseTree& tree, const ThresholdBook& book,
                   const std::set<std::string>& translated, SiteWriter& writer, RenderSummary& summary) {
  const Language language = edition.language;
  const auto write_page = [&](const std::string& title, const std::string& site_path, const std::string& body,
                              const std::string& source, const NavLink& alternate) {
    PageFrame frame{options.course_title, title, site_path, body, source, edition.nav, false};
    frame.language = language;
    frame.alternate = alternate;
    writer.write(site_path, site_page_html(frame));
    ++summary.pages;
  };
  for (auto& page : edition.pages) {
    PageLanguage page_language{language, {}};
    if (language != Language::en) page_language.heading_anchors = english_heading_anchors(tree.root, page.repo_path);
    PagePreparation prepared = prepare_page(*page.markdown, tree, page.repo_path, book, ImageMode::link, page_language);
    write_page(page.title, site_path_of(page.repo_path), page.markdown->render_html(), page.repo_path,
               alternate_of(page.repo_path, language, translated));
    copy_assets(tree, prepared.assets, writer, summary);
    absorb(summary, std::move(prepared.problems));
  }
  const std::string home_site = language == Language::zh ? "index.zh.html" : "index.html";
  if (!edition.has_home) {
    write_page(options.course_title, home_site, generated_home_body(options.course_title, edition.nav), "", {});
  }
  if (!edition.decks.empty()) {
    write_decks(edition.decks, tree, "slides/", true, writer, summary);
    const bool other = language == Language::en ? !translated.empty() : true;
    const NavLink alternate = other ? NavLink{ui_text(language).switch_to,
                                              language == Language::en ? "slides/index.zh.html" : "slides/index.html"}
                                    : NavLink{};
    write_page(ui_text(language).slides_title, language == Language::zh ? "slides/index.zh.html" : "slides/index.html",
               deck_index_body(edition.decks, language), "", alternate);
  }
}

}  // namespace

RenderSummary render_site(const SiteOptions& options) {
  RenderSummary summary;
  const CourseTree tree(options.root, options.generated_figures);
  const CourseFiles files = find_course_files(options.root);
  absorb(summary, files.problems);
  const ThresholdBook book = ThresholdBook::load(options.root, summary.problems);
  const std::set<std::string> translated(files.translations.begin(), files.translations.end());

  // English titles, which the Chinese navigation shows for pages it has no translation of.
  std::map<std::string, std::string> english_titles;
  for (const auto& doc : files.docs)
    english_titles[doc] = load_page(options.root, doc, fs::path(doc).stem().string()).title;
  for (const auto& handout : files.labs) {
    english_titles[handout] = load_page(options.root, handout, lab_fallback_title(book, handout)).title;
  }
  for (const auto& deck : files.decks) {
    const Markdown markdown(read_file(options.root / deck));
    const std::string title = first_heading_text(markdown.root());
    english_titles[deck] = title.empty() ? fs::path(deck).stem().string() : title;
  }

  SiteWriter writer(options.out);
  Edition english = build_edition(Language::en, options, tree, files, book, translated, english_titles);
  write_edition(english, options, tree, book, translated, writer, summary);
  if (!translated.empty()) {
    Edition chinese = build_edition(Language::zh, options, tree, files, book, translated, english_titles);
    write_edition(chinese, options, tree, book, translated, writer, summary);
  }
  writer.write("site.css", std::string(assets::site_css) + std::string(assets::highlight_css));
  writer.finish();
  return summary;
}

RenderSummary render_decks(const SiteOptions& options) {
  RenderSummary summary;
  const CourseFiles files = find_course_files(options.root);
  const ThresholdBook book = ThresholdBook::load(options.root, summary.problems);
  const CourseTree tree(options.root, options.generated_figures);
  SiteWriter writer(options.out);
  // Decks without a site: the way back leads to their index, written next to them.
  std::vector<BuiltDeck> decks = build_decks(tree, files, book, {"All decks", "index.html"});
  write_decks(decks, tree, "", false, writer, summary);
  PageFrame index{options.course_title, "Slides", "index.html", deck_index_body(decks), "", {}, true};
  writer.write("index.html", site_page_html(index));
  // The Chinese decks, each linking its English deck, and their own index.
  std::vector<BuiltDeck> chinese;
  for (const auto& translation : files.translations) {
    if (!is_deck(english_source_of(translation))) continue;
    const NavLink english{ui_text(Language::zh).switch_to,
                          fs::path(site_path_of(english_source_of(translation))).filename().string()};
    chinese.push_back(
        build_deck(tree, translation, book, {ui_text(Language::zh).all_decks, "index.zh.html"}, Language::zh, english));
  }
  if (!chinese.empty()) {
    write_decks(chinese, tree, "", false, writer, summary);
    PageFrame zh_index{options.course_title,
                       ui_text(Language::zh).slides_title,
                       "index.zh.html",
                       deck_index_body(chinese, Language::zh),
                       "",
                       {},
                       true};
    zh_index.language = Language::zh;
    writer.write("index.zh.html", site_page_html(zh_index));
  }
  writer.finish();
  return summary;
}

RenderSummary render_one_deck(const CourseTree& tree, const fs::path& deck, const fs::path& html) {
  RenderSummary summary;
  const ThresholdBook book = ThresholdBook::load(tree.root, summary.problems);
  BuiltDeck built = build_deck(tree, repo_relative(tree.root, deck), book, {});  // one file: no home
  write_file(html, built.html);
  absorb(summary, std::move(built.preparation.problems));
  summary.decks = 1;
  return summary;
}

}  // namespace memlab::site
