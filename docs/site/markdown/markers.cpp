#include "markers.hpp"

#include "markdown.hpp"
#include "text.hpp"

#include <cmark-gfm.h>

#include <regex>

namespace memlab::site {

namespace {

constexpr std::string_view kCommentEnd = "-->";

// What differs between the marker kinds: their comments and how the site shows them.
struct KindSyntax {
  std::string_view name;          // "threshold"
  std::string_view open_prefix;   // "<!--threshold:"
  std::string_view close;         // "<!--/threshold-->"
  std::string_view title_prefix;  // tooltip text before the source
};

const KindSyntax& syntax_of(MarkerKind kind) {
  static const KindSyntax threshold{"threshold", kThresholdOpenPrefix, "<!--/threshold-->", "required value, from "};
  static const KindSyntax measured{"measured", kMeasuredOpenPrefix, "<!--/measured-->", "measured: "};
  return kind == MarkerKind::measured ? measured : threshold;
}

std::string span_open(MarkerKind kind, const MarkerValue& value) {
  const KindSyntax& syntax = syntax_of(kind);
  return "<span class=\"" + std::string(syntax.name) + "\" title=\"" + std::string(syntax.title_prefix) +
         html_escape(value.source) + "\">";
}

std::string unterminated(MarkerKind kind, const std::string& where) {
  const KindSyntax& syntax = syntax_of(kind);
  return std::string(syntax.name) + " marker without its closing " + std::string(syntax.close) + " " + where;
}

// An inline marker: the opening comment, the author's text nodes, the closing comment.
void visit_inline_marker(cmark_node* open, const std::string& id, const std::string& file, const MarkerHandler& handle,
                         Problems& problems, MarkerKind kind) {
  const int line = cmark_node_get_start_line(open);
  std::string text;
  cmark_node* close = cmark_node_next(open);
  for (; close; close = cmark_node_next(close)) {
    if (cmark_node_get_type(close) == CMARK_NODE_HTML_INLINE) {
      const char* html = cmark_node_get_literal(close);
      if (is_marker_close(html, kind)) break;
      if (marker_open_id(html, kind)) {  // markers do not nest: this one is unterminated
        close = nullptr;
        break;
      }
    }
    text += plain_text(close);
  }
  if (!close) {
    problems.push_back({file, line, unterminated(kind, "in the same paragraph (\"" + id + "\")")});
    return;
  }
  const auto value = handle(Marker{id, text, line});
  if (!value) return;
  if (value->text) {  // the value replaces the author's nodes
    while (cmark_node_next(open) != close) {
      cmark_node* quoted = cmark_node_next(open);
      cmark_node_unlink(quoted);
      cmark_node_free(quoted);
    }
    cmark_node* shown = cmark_node_new(CMARK_NODE_TEXT);
    cmark_node_set_literal(shown, value->text->c_str());
    cmark_node_insert_after(open, shown);
  }
  cmark_node_set_literal(open, span_open(kind, *value).c_str());
  cmark_node_set_literal(close, "</span>");
}

// A marker found in raw HTML text, with where it stands so it can be replaced.
struct PlacedMarker {
  Marker marker;
  size_t offset;
  size_t length;
};

const std::regex& marker_pattern(MarkerKind kind) {
  static const std::regex threshold(R"re(<!--threshold:([^>]*?)-->([\s\S]*?)<!--/threshold-->)re");
  static const std::regex measured(R"re(<!--measured:([^>]*?)-->([\s\S]*?)<!--/measured-->)re");
  return kind == MarkerKind::measured ? measured : threshold;
}

std::vector<PlacedMarker> placed_markers(const std::string& html, int first_line, MarkerKind kind) {
  const std::regex& pattern = marker_pattern(kind);
  std::vector<PlacedMarker> found;
  for (std::sregex_iterator it(html.begin(), html.end(), pattern), end; it != end; ++it) {
    const auto offset = static_cast<size_t>(it->position(0));
    found.push_back({{trim((*it)[1].str()), (*it)[2].str(), line_of_offset(html, offset, first_line)},
                     offset,
                     static_cast<size_t>(it->length(0))});
  }
  return found;
}

// Markers in an HTML block are plain text to cmark, so they are found and replaced textually.
void visit_block_markers(cmark_node* block, const std::string& file, const MarkerHandler& handle, Problems& problems,
                         MarkerKind kind) {
  const std::string html = cmark_node_get_literal(block);
  const int first_line = cmark_node_get_start_line(block);
  const auto markers = placed_markers(html, first_line, kind);

  const std::string_view open_prefix = marker_open_prefix(kind);
  size_t opening_comments = 0;
  for (size_t at = html.find(open_prefix); at != std::string::npos; at = html.find(open_prefix, at + 1)) {
    if (++opening_comments > markers.size()) {
      problems.push_back({file, line_of_offset(html, at, first_line), unterminated(kind, "in this HTML block")});
    }
  }

  std::string rendered;
  size_t copied = 0;
  for (const auto& placed : markers) {
    const auto value = handle(placed.marker);
    if (!value) continue;
    rendered += html.substr(copied, placed.offset - copied);
    // The author's text in an HTML block is already HTML; a value's text is not.
    rendered += span_open(kind, *value) + (value->text ? html_escape(*value->text) : placed.marker.text) + "</span>";
    copied = placed.offset + placed.length;
  }
  if (copied == 0) return;
  rendered += html.substr(copied);
  cmark_node_set_literal(block, rendered.c_str());
}

}  // namespace

std::string_view marker_open_prefix(MarkerKind kind) { return syntax_of(kind).open_prefix; }

std::optional<std::string> marker_open_id(std::string_view html, MarkerKind kind) {
  const std::string_view prefix = marker_open_prefix(kind);
  const std::string text = trim(html);
  if (!starts_with(text, prefix) || !ends_with(text, kCommentEnd)) return std::nullopt;
  const std::string id =
      trim(std::string_view(text).substr(prefix.size(), text.size() - prefix.size() - kCommentEnd.size()));
  if (id.empty() || id.find("--") != std::string::npos) return std::nullopt;
  return id;
}

bool is_marker_close(std::string_view html, MarkerKind kind) { return trim(html) == syntax_of(kind).close; }

std::vector<Marker> markers_in_html(std::string_view html, int first_line, MarkerKind kind) {
  std::vector<Marker> markers;
  for (auto& placed : placed_markers(std::string(html), first_line, kind)) markers.push_back(std::move(placed.marker));
  return markers;
}

std::string with_marker_texts(std::string_view markdown, const std::map<MarkerPlace, std::string>& texts,
                              MarkerKind kind) {
  const KindSyntax& syntax = syntax_of(kind);
  std::string out;
  size_t copied = 0;
  size_t at = markdown.find(syntax.open_prefix);
  // A plain scan, not a regex: a marker opened in code and never closed must not swallow the
  // text up to the next marker's end.
  while (at != std::string_view::npos) {
    const size_t id_end = markdown.find(kCommentEnd, at + syntax.open_prefix.size());
    const size_t text_begin = id_end == std::string_view::npos ? id_end : id_end + kCommentEnd.size();
    const size_t close = text_begin == std::string_view::npos ? text_begin : markdown.find(syntax.close, text_begin);
    if (close == std::string_view::npos) break;
    const size_t next = markdown.find(syntax.open_prefix, at + 1);
    if (next != std::string_view::npos && next < close) {  // this one is never closed: no marker
      at = next;
      continue;
    }
    const std::string id =
        trim(markdown.substr(at + syntax.open_prefix.size(), id_end - at - syntax.open_prefix.size()));
    const auto it = texts.find({line_of_offset(markdown, at, 1), id});
    if (it != texts.end()) {
      out += markdown.substr(copied, text_begin - copied);
      out += it->second;
      copied = close;
    }
    at = markdown.find(syntax.open_prefix, close + syntax.close.size());
  }
  out += markdown.substr(copied);
  return out;
}

void visit_markers(cmark_node* root, const std::string& file, const MarkerHandler& handle, Problems& problems,
                   MarkerKind kind) {
  // Only opening comments are collected: visiting one frees the nodes up to its closing
  // comment, and none of those is another opening comment.
  std::vector<std::pair<cmark_node*, std::string>> openings;
  for (cmark_node* node : nodes_of_type(root, CMARK_NODE_HTML_INLINE)) {
    if (auto id = marker_open_id(cmark_node_get_literal(node), kind)) openings.emplace_back(node, *id);
  }
  for (const auto& [node, id] : openings) visit_inline_marker(node, id, file, handle, problems, kind);
  for (cmark_node* block : nodes_of_type(root, CMARK_NODE_HTML_BLOCK)) {
    visit_block_markers(block, file, handle, problems, kind);
  }
}

}  // namespace memlab::site
