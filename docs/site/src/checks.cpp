#include "checks.hpp"

#include "highlight.hpp"
#include "languages.hpp"
#include "layout.hpp"
#include "link_refs.hpp"
#include "markdown.hpp"
#include "markers.hpp"
#include "measured.hpp"
#include "text.hpp"
#include "thresholds.hpp"
#include "urls.hpp"

#include <cmark-gfm.h>

#include <functional>
#include <map>
#include <memory>
#include <set>

namespace memlab::site {

namespace {

std::vector<std::string> course_text_files(const CourseFiles& files) {
  std::vector<std::string> all = files.docs;
  all.insert(all.end(), files.labs.begin(), files.labs.end());
  all.insert(all.end(), files.decks.begin(), files.decks.end());
  all.insert(all.end(), files.translations.begin(), files.translations.end());
  return all;
}

class AnchorCache {
 public:
  explicit AnchorCache(fs::path root) : root_(std::move(root)) {}

  // A translation's headings carry its English page's anchors (site.cpp), so a "#anchor" in or
  // into it is looked up there.
  const std::set<std::string>& of(const std::string& page) {
    const std::string repo_path = english_source_of(page);
    auto it = cache_.find(repo_path);
    if (it == cache_.end()) {
      const Markdown page(read_file(root_ / repo_path));
      it = cache_.emplace(repo_path, anchors_of(page.root())).first;
    }
    return it->second;
  }

 private:
  fs::path root_;
  std::map<std::string, std::set<std::string>> cache_;
};

// Why `ref` in `source` does not resolve, or "" when it does.
std::string link_error(const CourseTree& tree, const std::string& source, const LinkRef& ref, AnchorCache& anchors) {
  if (ref.url.empty()) return "the URL is empty";
  if (classify_url(ref.url) == UrlKind::absolute_path) {
    return "an absolute path depends on where the site is served; use a path relative to this file";
  }
  const LinkTarget target = resolve_relative_link(tree, source, ref.url);
  if (!target.error.empty()) return target.error;
  if (!target.fragment.empty() && ends_with(target.repo_path, ".md") &&
      anchors.of(target.repo_path).count(target.fragment) == 0) {
    return target.repo_path + " has no heading or id \"" + target.fragment + "\"";
  }
  return "";
}

}  // namespace

LinkReport check_links(const CourseTree& tree) {
  const fs::path& root = tree.root;
  const CourseFiles files = find_course_files(root);
  LinkReport report;
  report.broken = files.problems;
  AnchorCache anchors(root);
  for (const auto& source : course_text_files(files)) {
    const Markdown page(read_file(root / source));
    for (const auto& ref : link_refs(page.root())) {
      ++report.checked;
      if (classify_url(ref.url) == UrlKind::external) {
        report.external.push_back({source, ref.line, ref.url});
        continue;
      }
      const std::string error = link_error(tree, source, ref, anchors);
      if (!error.empty()) {
        report.broken.push_back(
            {source, ref.line,
             std::string(ref.image ? "broken image" : "broken link") + " \"" + ref.url + "\": " + error});
      }
    }
  }
  return report;
}

namespace {

struct MarkerCounts {
  size_t markers = 0;
  size_t files_with_markers = 0;
};

// Calls `check` for every marker of `kind` in the course text (the pages, handouts and decks
// course_text_files lists), and counts the markers and the files that hold one. A marker
// without its closing comment is reported in `problems`.
MarkerCounts visit_course_markers(const fs::path& root, MarkerKind kind, Problems& problems,
                                  const std::function<void(const std::string& source, const Marker&)>& check) {
  MarkerCounts counts;
  for (const auto& source : course_text_files(find_course_files(root))) {
    const Markdown page(read_file(root / source));
    const size_t before = counts.markers;
    visit_markers(
        page.root(), source,
        [&](const Marker& marker) -> std::optional<MarkerValue> {
          ++counts.markers;
          check(source, marker);
          return std::nullopt;
        },
        problems, kind);
    if (counts.markers > before) ++counts.files_with_markers;
  }
  return counts;
}

// One page's threshold markers against the manifests. Returns how many markers it holds; the
// markers that quote another text than the manifest's go to `wrong` (where they stand -> the
// manifest's text), and are reported unless `quiet`.
size_t check_threshold_page(const ThresholdBook& book, const std::string& source, const std::string& markdown,
                            bool quiet, Problems& problems, std::map<MarkerPlace, std::string>& wrong) {
  const Markdown page(markdown);
  size_t markers = 0;
  visit_markers(
      page.root(), source,
      [&](const Marker& marker) -> std::optional<MarkerValue> {
        ++markers;
        const auto expected = book.lookup(source, marker.id);
        if (!expected.error.empty()) {
          problems.push_back({source, marker.line, expected.error});
        } else if (marker.text != expected.text) {
          wrong[{marker.line, marker.id}] = expected.text;
          if (!quiet) {
            problems.push_back({source, marker.line,
                                "threshold \"" + marker.id + "\" is quoted as \"" + marker.text + "\" but " +
                                    expected.manifest + " requires \"" + expected.text + "\"" +
                                    (is_translation(source) ? " (a Chinese page quotes it in Chinese)" : "")});
          }
        }
        return std::nullopt;
      },
      problems, MarkerKind::threshold);
  return markers;
}

}  // namespace

ThresholdReport check_thresholds(const fs::path& root, bool write) {
  ThresholdReport report;
  const ThresholdBook book = ThresholdBook::load(root, report.problems);
  for (const auto& source : course_text_files(find_course_files(root))) {
    const std::string markdown = read_file(root / source);
    std::map<MarkerPlace, std::string> wrong;
    Problems found;
    const size_t markers = check_threshold_page(book, source, markdown, write, found, wrong);
    report.markers += markers;
    if (markers > 0) ++report.files_with_markers;
    if (write && !wrong.empty()) {
      const std::string rewritten = with_marker_texts(markdown, wrong);
      if (rewritten != markdown) {
        write_file(root / source, rewritten);
        ++report.rewritten;
      }
      // What is left after the rewrite is judged on the new text, as a check would judge it.
      found.clear();
      wrong.clear();
      check_threshold_page(book, source, rewritten, false, found, wrong);
    }
    report.problems.insert(report.problems.end(), found.begin(), found.end());
  }
  return report;
}

MeasuredReport check_measured(const fs::path& root) {
  MeasuredReport report;
  const MarkerCounts counts = visit_course_markers(
      root, MarkerKind::measured, report.problems, [&](const std::string& source, const Marker& marker) {
        Problems found = check_measured_marker(root, source, marker);
        report.problems.insert(report.problems.end(), found.begin(), found.end());
      });
  report.markers = counts.markers;
  report.files_with_markers = counts.files_with_markers;
  return report;
}

std::vector<CodeBlock> compile_blocks(cmark_node* root) {
  std::vector<CodeBlock> blocks;
  for (cmark_node* block : nodes_of_type(root, CMARK_NODE_CODE_BLOCK)) {
    const std::string info = cmark_node_get_fence_info(block);
    if (!is_compile_block(info)) continue;
    blocks.push_back({info_language(info), cmark_node_get_literal(block), cmark_node_get_start_line(block) + 1});
  }
  return blocks;
}

std::string extracted_file_name(const std::string& repo_path, int line, const std::string& language) {
  std::string name;
  for (char c : repo_path) name += c == '/' ? '_' : c;
  return name + "_L" + std::to_string(line) + (language == "cuda" ? ".cu" : ".cpp");
}

size_t extract_code(const fs::path& root, const fs::path& out) {
  const CourseFiles files = find_course_files(root);
  std::string table;
  size_t count = 0;
  for (const auto& source : course_text_files(files)) {
    const Markdown page(read_file(root / source));
    for (const auto& block : compile_blocks(page.root())) {
      const std::string name = extracted_file_name(source, block.line, block.language);
      // #line makes compiler messages point into the Markdown file, not the extracted copy.
      write_file(out / name, "#line " + std::to_string(block.line) + " \"" + source + "\"\n" + block.code);
      const std::string folder = fs::absolute(root / source).parent_path().lexically_normal().generic_string();
      table += block.language + "\t" + name + "\t" + source + ":" + std::to_string(block.line) + "\t" + folder + "\n";
      ++count;
    }
  }
  write_file(out / "code_blocks.tsv", table);
  return count;
}

}  // namespace memlab::site
