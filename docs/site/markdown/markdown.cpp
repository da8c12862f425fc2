#include "markdown.hpp"

#include "marker_lines.hpp"
#include "text.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <cstdlib>
#include <memory>
#include <regex>
#include <stdexcept>
#include <utility>

namespace memlab::site {

namespace {

constexpr int kOptions = CMARK_OPT_UNSAFE;
constexpr const char* kExtensions[] = {"table", "strikethrough", "autolink"};

struct FreeDeleter {
  void operator()(char* p) const { std::free(p); }
};

std::string take_cmark_string(char* s) {
  std::unique_ptr<char, FreeDeleter> owned(s);
  return owned ? std::string(owned.get()) : std::string();
}

// Heading nodes with their unique anchors, in document order; shared by anchors_of and
// add_heading_anchors so links and ids can never disagree.
std::vector<std::pair<cmark_node*, std::string>> headings_with_anchors(cmark_node* root) {
  std::vector<std::pair<cmark_node*, std::string>> result;
  SlugSet slugs;
  for (cmark_node* heading : nodes_of_type(root, CMARK_NODE_HEADING)) {
    result.emplace_back(heading, slugs.unique(heading_slug(plain_text(heading))));
  }
  return result;
}

}  // namespace

Markdown::Markdown(std::string_view text) : source_(text) {
  parse(source_);
  // A threshold marker at the start of a line must not end its paragraph (marker_lines.hpp).
  const std::string shielded = shield_line_start_markers(source_, root_);
  if (shielded.empty()) return;
  cmark_node_free(root_);
  cmark_parser_free(parser_);
  parse(shielded);
  remove_marker_shields(root_);
}

void Markdown::parse(std::string_view text) {
  cmark_gfm_core_extensions_ensure_registered();
  parser_ = cmark_parser_new(kOptions);
  if (!parser_) throw std::runtime_error("cmark-gfm: cannot create a parser");
  for (const char* name : kExtensions) {
    cmark_syntax_extension* extension = cmark_find_syntax_extension(name);
    if (!extension) {
      cmark_parser_free(parser_);
      throw std::runtime_error(std::string("cmark-gfm: extension '") + name + "' is missing");
    }
    cmark_parser_attach_syntax_extension(parser_, extension);
  }
  cmark_parser_feed(parser_, text.data(), text.size());
  root_ = cmark_parser_finish(parser_);
}

Markdown::~Markdown() {
  cmark_node_free(root_);
  cmark_parser_free(parser_);
}

std::string Markdown::render_html(cmark_node* node) const {
  return take_cmark_string(
      cmark_render_html(node ? node : root_, kOptions, cmark_parser_get_syntax_extensions(parser_)));
}

void for_each_node(cmark_node* root, const std::function<void(cmark_node*)>& visit) {
  cmark_iter* iter = cmark_iter_new(root);
  cmark_event_type event;
  while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
    if (event == CMARK_EVENT_ENTER) visit(cmark_iter_get_node(iter));
  }
  cmark_iter_free(iter);
}

std::vector<cmark_node*> nodes_of_type(cmark_node* root, int type) {
  std::vector<cmark_node*> found;
  for_each_node(root, [&](cmark_node* node) {
    if (cmark_node_get_type(node) == type) found.push_back(node);
  });
  return found;
}

std::string plain_text(cmark_node* node) {
  std::string text;
  for_each_node(node, [&](cmark_node* n) {
    switch (cmark_node_get_type(n)) {
      case CMARK_NODE_TEXT:
      case CMARK_NODE_CODE: text += cmark_node_get_literal(n); break;
      case CMARK_NODE_SOFTBREAK:
      case CMARK_NODE_LINEBREAK: text += ' '; break;
      default: break;
    }
  });
  return text;
}

std::string heading_slug(std::string_view text) {
  std::string slug;
  for (char c : to_lower_ascii(trim(text))) {
    const auto u = static_cast<unsigned char>(c);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || u >= 0x80) {
      slug += c;  // bytes >= 0x80 keep non-ASCII letters whole, as GitHub does
    } else if (c == ' ') {
      slug += '-';
    }
  }
  return slug;
}

std::string SlugSet::unique(const std::string& slug) {
  std::string candidate = slug;
  for (int n = 1; used_.count(candidate) != 0; ++n) candidate = slug + "-" + std::to_string(n);
  used_.insert(candidate);
  return candidate;
}

std::string first_heading_text(cmark_node* root) {
  const auto headings = nodes_of_type(root, CMARK_NODE_HEADING);
  return headings.empty() ? std::string() : trim(plain_text(headings.front()));
}

std::set<std::string> anchors_of(cmark_node* root) {
  std::set<std::string> anchors;
  for (const auto& heading : headings_with_anchors(root)) anchors.insert(heading.second);
  static const std::regex id_attribute(R"re(\b(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'))re", std::regex::icase);
  for_each_node(root, [&](cmark_node* node) {
    const int type = cmark_node_get_type(node);
    if (type != CMARK_NODE_HTML_BLOCK && type != CMARK_NODE_HTML_INLINE) return;
    const std::string html = cmark_node_get_literal(node);
    for (std::sregex_iterator it(html.begin(), html.end(), id_attribute), end; it != end; ++it) {
      anchors.insert((*it)[1].matched ? (*it)[1].str() : (*it)[2].str());
    }
  });
  return anchors;
}

void wrap_tables(cmark_node* root) {
  std::vector<cmark_node*> tables;
  for_each_node(root, [&](cmark_node* node) {
    if (std::string_view(cmark_node_get_type_string(node)) == "table") tables.push_back(node);
  });
  for (cmark_node* table : tables) {
    cmark_node* open = cmark_node_new(CMARK_NODE_HTML_BLOCK);
    cmark_node_set_literal(open, "<div class=\"table-scroll\">");
    cmark_node* close = cmark_node_new(CMARK_NODE_HTML_BLOCK);
    cmark_node_set_literal(close, "</div>");
    cmark_node_insert_before(table, open);
    cmark_node_insert_after(table, close);
  }
}

std::vector<std::string> heading_anchors(cmark_node* root) {
  std::vector<std::string> anchors;
  for (const auto& heading : headings_with_anchors(root)) anchors.push_back(heading.second);
  return anchors;
}

void add_heading_anchors(cmark_node* root, const std::vector<std::string>& anchors) {
  const auto headings = headings_with_anchors(root);
  const bool given = !anchors.empty() && anchors.size() == headings.size();
  for (size_t i = 0; i < headings.size(); ++i) {
    cmark_node* heading = headings[i].first;
    const std::string id = html_escape(given ? anchors[i] : headings[i].second);
    const std::string link =
        "<a class=\"anchor\" id=\"" + id + "\" href=\"#" + id + "\" aria-label=\"Link to this section\"></a>";
    cmark_node* raw = cmark_node_new(CMARK_NODE_HTML_INLINE);
    cmark_node_set_literal(raw, link.c_str());
    cmark_node_prepend_child(heading, raw);
  }
}

}  // namespace memlab::site
