#include "course_page.hpp"

#include "highlight.hpp"
#include "layout.hpp"
#include "link_refs.hpp"
#include "markdown.hpp"
#include "markers.hpp"
#include "measured.hpp"
#include "text.hpp"
#include "thresholds.hpp"
#include "urls.hpp"

#include <map>

namespace memlab::site {

namespace {

void show_manifest_values(Markdown& page, const std::string& repo_path, const ThresholdBook& thresholds,
                          Problems& problems) {
  visit_markers(
      page.root(), repo_path,
      [&](const Marker& marker) -> std::optional<MarkerValue> {
        const auto found = thresholds.lookup(repo_path, marker.id);
        if (!found.error.empty()) {
          problems.push_back({repo_path, marker.line, found.error});
          return std::nullopt;
        }
        return MarkerValue{found.text, found.manifest};
      },
      problems);
}

// The author's text stays as written; the span names the record, and a number the record does
// not hold is reported (a warning, or a failure with --strict).
void mark_measured_numbers(Markdown& page, const fs::path& root, const std::string& repo_path, Problems& problems) {
  visit_markers(
      page.root(), repo_path,
      [&](const Marker& marker) -> std::optional<MarkerValue> {
        Problems found = check_measured_marker(root, repo_path, marker);
        problems.insert(problems.end(), found.begin(), found.end());
        return MarkerValue{std::nullopt, marker.id};
      },
      problems, MarkerKind::measured);
}

void point_links_at_site(Markdown& page, const CourseTree& tree, const std::string& repo_path, ImageMode images,
                         Language language, PagePreparation& result) {
  const std::string page_site_path = site_path_of(repo_path);
  rewrite_link_urls(page.root(), [&](const LinkRef& ref) -> std::string {
    const std::string& url = ref.url;
    const UrlKind kind = classify_url(url);
    if (kind == UrlKind::external || kind == UrlKind::fragment_only || url.empty()) return url;
    if (kind == UrlKind::absolute_path) {
      result.problems.push_back({repo_path, ref.line, "absolute link \"" + url + "\": use a relative path"});
      return url;
    }
    LinkTarget target = resolve_relative_link(tree, repo_path, url);
    if (target.error.empty() && language != Language::en && !tree.locate(twin_of(target.repo_path, language)).empty()) {
      target.repo_path = twin_of(target.repo_path, language);
    }
    if (!target.error.empty()) {
      result.problems.push_back(
          {repo_path, ref.line,
           std::string(ref.image ? "broken image" : "broken link") + " \"" + url + "\": " + target.error});
      return url;
    }
    if (ref.image && images == ImageMode::embed) {
      const fs::path file = tree.locate(target.repo_path);
      return "data:" + media_type_of(file) + ";base64," + base64_encode(read_file(file));
    }
    if (!is_site_page(target.repo_path)) result.assets.insert(target.repo_path);
    const std::string fragment = target.fragment.empty() ? "" : "#" + target.fragment;
    return relative_url(page_site_path, site_path_of(target.repo_path)) + target.query + fragment;
  });
}

}  // namespace

PagePreparation prepare_page(Markdown& page, const CourseTree& tree, const std::string& repo_path,
                             const ThresholdBook& thresholds, ImageMode images, const PageLanguage& language) {
  PagePreparation result;
  // Order matters: markers and links are found in raw HTML, and highlighted code becomes
  // raw HTML, so code must be highlighted last or its text would be taken for markup.
  show_manifest_values(page, repo_path, thresholds, result.problems);
  mark_measured_numbers(page, tree.root, repo_path, result.problems);
  point_links_at_site(page, tree, repo_path, images, language.language, result);
  add_heading_anchors(page.root(), language.heading_anchors);
  wrap_tables(page.root());
  highlight_code_blocks(page.root());
  return result;
}

std::string media_type_of(const fs::path& file) {
  static const std::map<std::string, std::string> types = {
      {".svg", "image/svg+xml"}, {".png", "image/png"},   {".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},     {".webp", "image/webp"}, {".csv", "text/csv"},   {".txt", "text/plain"}};
  const auto it = types.find(to_lower_ascii(file.extension().string()));
  return it == types.end() ? "application/octet-stream" : it->second;
}

}  // namespace memlab::site
