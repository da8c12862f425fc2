#include "layout.hpp"

#include "languages.hpp"
#include "text.hpp"
#include "urls.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace memlab::site {

namespace {

bool in_site_sources(std::string_view repo_path) {
  return starts_with(repo_path, std::string(kSiteSourceFolder) + "/");
}

std::vector<std::string> sorted_markdown_files(const fs::path& root, const fs::path& dir, bool recursive) {
  std::vector<std::string> found;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return found;
  const auto add = [&](const fs::directory_entry& entry) {
    // A translation is found through its English page (find_course_files), never as a page.
    if (entry.is_regular_file() && entry.path().extension() == ".md" &&
        !is_translation(entry.path().generic_string())) {
      found.push_back(repo_relative(root, entry.path()));
    }
  };
  if (recursive) {
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
      // The site's own sources are no pages: neither its README nor its test fixtures.
      if (it->is_directory() && in_site_sources(repo_relative(root, it->path()) + "/")) {
        it.disable_recursion_pending();
        continue;
      }
      add(*it);
    }
  } else {
    for (const auto& entry : fs::directory_iterator(dir)) add(entry);
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<std::string> path_components(std::string_view path) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    if (end > start) parts.emplace_back(path.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

std::string missing_file_error(const CourseTree& tree, const std::string& path) {
  if (!tree.is_generated_figure(path)) return "no such file: " + path;
  if (tree.generated_figures.empty()) {
    return "no such file: " + path + " (" + std::string(kGeneratedFiguresFolder) +
           "/ holds the figures memlab-figures draws, listed in docs/site/figures/figure_catalog.cpp and "
           "written by memlab-figures check --root . --write; or pass a folder of drawn figures with --figures)";
  }
  return "no such file: " + path + " (not in the repository, and the build generated no " +
         path.substr(kGeneratedFiguresFolder.size() + 1) + " in " + tree.generated_figures.string() +
         "; figures are listed in docs/site/figures/figure_catalog.cpp)";
}

}  // namespace

bool is_deck(std::string_view repo_path) {
  const auto parts = path_components(repo_path);
  return parts.size() == 2 && parts[0] == "slides" && ends_with(parts[1], ".md") &&
         std::isdigit(static_cast<unsigned char>(parts[1][0]));
}

bool is_lab_handout(std::string_view repo_path) {
  const auto parts = path_components(repo_path);
  return parts.size() == 3 && parts[0] == "labs" && parts[2] == "README.md";
}

bool is_site_page(std::string_view repo_path) {
  if (is_translation(repo_path)) return is_site_page(english_source_of(repo_path));
  return (starts_with(repo_path, "docs/") && ends_with(repo_path, ".md") && !in_site_sources(repo_path)) ||
         is_lab_handout(repo_path) || is_deck(repo_path);
}

std::string site_path_of(std::string_view repo_path) {
  if (is_translation(repo_path) && is_site_page(repo_path)) {
    std::string english = site_path_of(english_source_of(repo_path));
    return english.erase(english.size() - 5) + ".zh.html";  // ".html"
  }
  std::string path(repo_path);
  if (is_lab_handout(path)) return path.substr(0, path.size() - std::string("README.md").size()) + "index.html";
  if (starts_with(path, "docs/")) path = path.substr(5);
  if (is_site_page(repo_path)) path = path.substr(0, path.size() - 3) + ".html";
  return path;
}

std::string relative_url(std::string_view from, std::string_view to) {
  auto from_dir = path_components(from);
  if (!from_dir.empty()) from_dir.pop_back();  // the page's own file name
  const auto target = path_components(to);
  size_t common = 0;
  while (common < from_dir.size() && common + 1 < target.size() && from_dir[common] == target[common]) {
    ++common;
  }
  std::string url;
  for (size_t i = common; i < from_dir.size(); ++i) url += "../";
  for (size_t i = common; i < target.size(); ++i) {
    url += target[i];
    if (i + 1 < target.size()) url += '/';
  }
  return percent_encode_path(url);
}

std::vector<std::string> order_docs(std::vector<std::string> docs, const std::vector<std::string>& nav_entries) {
  std::sort(docs.begin(), docs.end());
  std::vector<std::string> ordered;
  std::set<std::string> placed;
  const auto place = [&](const std::string& page) {
    if (placed.count(page) == 0 && std::binary_search(docs.begin(), docs.end(), page)) {
      ordered.push_back(page);
      placed.insert(page);
    }
  };
  place("docs/index.md");
  for (const auto& entry : nav_entries) place("docs/" + entry);
  for (const auto& page : docs) place(page);
  return ordered;
}

CourseFiles find_course_files(const fs::path& root) {
  CourseFiles files;
  std::vector<std::string> nav_entries;
  const fs::path nav_file = root / "docs" / "nav.txt";
  std::error_code ec;
  if (fs::is_regular_file(nav_file, ec)) {
    const auto lines = split_lines(read_file(nav_file));
    for (size_t i = 0; i < lines.size(); ++i) {
      const std::string entry = trim(lines[i]);
      if (entry.empty() || entry[0] == '#') continue;
      if (!fs::is_regular_file(root / "docs" / entry, ec)) {
        files.problems.push_back({"docs/nav.txt", static_cast<int>(i + 1), "no such page: docs/" + entry});
      }
      nav_entries.push_back(entry);
    }
  }
  files.docs = order_docs(sorted_markdown_files(root, root / "docs", true), nav_entries);

  if (fs::is_directory(root / "labs", ec)) {
    for (const auto& entry : fs::directory_iterator(root / "labs")) {
      if (entry.is_directory() && fs::is_regular_file(entry.path() / "README.md", ec)) {
        files.labs.push_back(repo_relative(root, entry.path() / "README.md"));
      }
    }
    std::sort(files.labs.begin(), files.labs.end());
  }
  for (const auto& deck : sorted_markdown_files(root, root / "slides", false)) {
    if (is_deck(deck)) files.decks.push_back(deck);
  }
  for (const auto* list : {&files.docs, &files.labs, &files.decks}) {
    for (const auto& page : *list) {
      if (fs::is_regular_file(root / translation_path(page), ec)) files.translations.push_back(translation_path(page));
    }
  }
  return files;
}

bool CourseTree::is_generated_figure(std::string_view repo_path) const {
  return starts_with(repo_path, std::string(kGeneratedFiguresFolder) + "/");
}

fs::path CourseTree::locate(std::string_view repo_path) const {
  std::error_code ec;
  const fs::path in_repository = root / fs::path(repo_path);
  if (fs::exists(in_repository, ec)) return in_repository;
  if (generated_figures.empty() || !is_generated_figure(repo_path)) return {};
  const fs::path generated = generated_figures / fs::path(repo_path.substr(kGeneratedFiguresFolder.size() + 1));
  return fs::exists(generated, ec) ? generated : fs::path();
}

LinkTarget resolve_relative_link(const CourseTree& tree, const std::string& source, std::string_view url) {
  const UrlParts parts = split_url(url);
  LinkTarget target;
  target.query = parts.query;
  target.fragment = parts.fragment;
  if (parts.path.empty()) {
    target.repo_path = source;
    return target;
  }
  std::string path = (fs::path(source).parent_path() / parts.path).lexically_normal().generic_string();
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  if (path == ".." || starts_with(path, "../")) {
    target.error = "leaves the repository";
    return target;
  }
  if (path == "solutions" || starts_with(path, "solutions/")) {
    target.error = "solutions/ is left out of the students' copy; the course text must not link it";
    return target;
  }
  std::error_code ec;
  const fs::path on_disk = tree.locate(path);
  if (on_disk.empty()) {
    target.error = missing_file_error(tree, path);
    return target;
  }
  if (fs::is_directory(on_disk, ec)) {
    if (!fs::is_regular_file(on_disk / "README.md", ec)) {
      target.error = path + " is a folder with no README.md; link a file in it";
      return target;
    }
    path += "/README.md";
  }
  if (ends_with(path, ".md") && !is_site_page(path)) {
    target.error = path +
                   " is Markdown the site does not render (it renders docs/**/*.md, "
                   "labs/*/README.md and slides/NN-*.md)";
    return target;
  }
  target.repo_path = path;
  return target;
}

}  // namespace memlab::site
