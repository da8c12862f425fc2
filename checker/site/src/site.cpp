#include "site.hpp"

#include "assets.hpp"
#include "course_page.hpp"
#include "layout.hpp"
#include "markdown.hpp"
#include "pages.hpp"
#include "site_writer.hpp"
#include "slides.hpp"
#include "text.hpp"
#include "thresholds.hpp"

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

struct BuiltDeck {
  std::string repo_path;
  std::string title;
  size_t slide_count = 0;
  std::string html;
  PagePreparation preparation;
};

// `home` is linked from every slide's footer (a URL relative to the deck), or nothing when empty.
BuiltDeck build_deck(const CourseTree& tree, const std::string& repo_path, const ThresholdBook& book,
                     const NavLink& home) {
  Markdown deck(read_file(tree.root / repo_path));
  BuiltDeck built;
  built.repo_path = repo_path;
  built.title = first_heading_text(deck.root());
  if (built.title.empty()) built.title = fs::path(repo_path).stem().string();
  const Problems setext = setext_underline_warnings(deck, repo_path);
  built.preparation = prepare_page(deck, tree, repo_path, book, ImageMode::embed);
  built.preparation.problems.insert(built.preparation.problems.end(), setext.begin(), setext.end());
  SlideTrees trees(deck.root());
  std::vector<DeckSlide> slides;
  for (cmark_node* slide : trees.slides()) slides.push_back({deck.render_html(slide), is_title_slide(slide)});
  built.slide_count = slides.size();
  built.html = deck_page_html(built.title, slides, repo_path, home);
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

std::string deck_index_body(const std::vector<BuiltDeck>& decks) {
  std::string html =
      "<h1>Slides</h1>\n<p>One deck per lecture. In a deck, <kbd>&rarr;</kbd>, <kbd>Space</kbd> "
      "or <kbd>Page Down</kbd> goes forward, <kbd>&larr;</kbd> or <kbd>Page Up</kbd> back; "
      "printing a deck gives one slide per page.</p>\n";
  if (decks.empty()) return html + "<p>No decks yet.</p>\n";
  html += "<ol class=\"deck-list\">\n";
  for (const auto& deck : decks) {
    html += "<li><a href=\"" + html_escape(deck_file_name(deck)) + "\">" + html_escape(deck.title) +
            "</a> <span class=\"muted\">" + std::to_string(deck.slide_count) + " slides</span></li>\n";
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

}  // namespace

RenderSummary render_site(const SiteOptions& options) {
  RenderSummary summary;
  const CourseTree tree(options.root, options.generated_figures);
  const CourseFiles files = find_course_files(options.root);
  absorb(summary, files.problems);
  const ThresholdBook book = ThresholdBook::load(options.root, summary.problems);

  std::vector<SourcePage> pages;
  for (const auto& doc : files.docs) {
    pages.push_back(load_page(options.root, doc, fs::path(doc).stem().string()));
  }
  for (const auto& handout : files.labs) {
    pages.push_back(load_page(options.root, handout, lab_fallback_title(book, handout)));
  }

  const bool has_home = !files.docs.empty() && files.docs.front() == "docs/index.md";
  std::vector<NavSection> nav{{"Course", {}}, {"Labs", {}}, {"Slides", {}}};
  if (!has_home) nav[0].links.push_back({"Home", "index.html"});
  for (const auto& page : pages) {
    nav[is_lab_handout(page.repo_path) ? 1 : 0].links.push_back({page.title, site_path_of(page.repo_path)});
  }
  // In the site a deck sits in slides/, so the course home is one folder up.
  std::vector<BuiltDeck> decks = build_decks(tree, files, book, {options.course_title, "../index.html"});
  if (!decks.empty()) nav[2].links.push_back({"All decks", "slides/index.html"});
  for (const auto& deck : decks) nav[2].links.push_back({deck.title, site_path_of(deck.repo_path)});

  SiteWriter writer(options.out);
  const auto write_page = [&](const std::string& title, const std::string& site_path, const std::string& body,
                              const std::string& source) {
    writer.write(site_path, site_page_html({options.course_title, title, site_path, body, source, nav, false}));
    ++summary.pages;
  };
  for (auto& page : pages) {
    PagePreparation prepared = prepare_page(*page.markdown, tree, page.repo_path, book, ImageMode::link);
    write_page(page.title, site_path_of(page.repo_path), page.markdown->render_html(), page.repo_path);
    copy_assets(tree, prepared.assets, writer, summary);
    absorb(summary, std::move(prepared.problems));
  }
  if (!has_home) write_page(options.course_title, "index.html", generated_home_body(options.course_title, nav), "");
  if (!decks.empty()) {
    write_decks(decks, tree, "slides/", true, writer, summary);
    write_page("Slides", "slides/index.html", deck_index_body(decks), "");
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
