// Markers: the course text ties a quoted value to where it comes from with two comments.
//     <!--threshold:CHECK_ID-->1.8x<!--/threshold-->     a lab's required value (thresholds.hpp)
//     <!--measured:PATH#KEY-->4.40x<!--/measured-->       a number from a record (measured.hpp)
// so a check can compare the quoted text with its source, and the site can show where it comes
// from. Markers inside code are text, not markers.
#pragma once

#include "problem.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

struct cmark_node;

namespace memlab::site {

enum class MarkerKind { threshold, measured };
inline constexpr MarkerKind kMarkerKinds[] = {MarkerKind::threshold, MarkerKind::measured};

// How the opening comment of each kind begins.
inline constexpr std::string_view kThresholdOpenPrefix = "<!--threshold:";
inline constexpr std::string_view kMeasuredOpenPrefix = "<!--measured:";
std::string_view marker_open_prefix(MarkerKind kind);

struct Marker {
  std::string id;    // what follows the kind's prefix: "04/speedup_vs_starter", "docs/data/x.csv#stride=1"
  std::string text;  // what the author wrote between the two comments
  int line = 0;
};

// "<!--threshold:ID-->" -> "ID"; anything else (another kind included) -> nullopt.
std::optional<std::string> marker_open_id(std::string_view html, MarkerKind kind = MarkerKind::threshold);
bool is_marker_close(std::string_view html, MarkerKind kind = MarkerKind::threshold);

// Markers in a piece of raw HTML text (an HTML block); `first_line` is the text's first line.
std::vector<Marker> markers_in_html(std::string_view html, int first_line, MarkerKind kind = MarkerKind::threshold);

struct MarkerValue {
  std::optional<std::string> text;  // what the rendered page shows; nullopt: the author's text as written
  std::string source;               // where the value comes from, shown as a tooltip
};
using MarkerHandler = std::function<std::optional<MarkerValue>(const Marker&)>;

// Where a marker stands, as visit_markers reports it: its line and its id.
using MarkerPlace = std::pair<int, std::string>;

// `markdown` with the text of the markers of `kind` that `texts` names replaced by the text given
// there; every other byte stays as it was. It works on the raw text, so that a rewrite changes
// nothing but the quoted values; a marker is named by the line and id visit_markers reports, so
// a marker shown in code (which visit_markers skips) keeps its text.
std::string with_marker_texts(std::string_view markdown, const std::map<MarkerPlace, std::string>& texts,
                              MarkerKind kind = MarkerKind::threshold);

// Calls `handle` for every marker of `kind` in the document, in order. Where it returns a
// value, the marker is rendered as <span class="threshold|measured" title=...>; a threshold
// shows the value's text in place of the author's. A marker with no closing comment is
// reported in `problems` under `file`.
void visit_markers(cmark_node* root, const std::string& file, const MarkerHandler& handle, Problems& problems,
                   MarkerKind kind = MarkerKind::threshold);

}  // namespace memlab::site
