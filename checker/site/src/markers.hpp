// Threshold markers: the course text quotes a lab's required value as
//     <!--threshold:CHECK_ID-->1.8x<!--/threshold-->
// so a check can compare the quoted text with the manifest, and the site can render the
// manifest's value in its place. Markers inside code are text, not markers.
#pragma once

#include "problem.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct cmark_node;

namespace memlab::site {

// How every marker's opening comment begins.
inline constexpr std::string_view kThresholdOpenPrefix = "<!--threshold:";

struct Marker {
    std::string id;
    std::string text;  // what the author wrote between the two comments
    int line = 0;
};

// "<!--threshold:ID-->" -> "ID"; anything else -> nullopt.
std::optional<std::string> marker_open_id(std::string_view html);
bool is_marker_close(std::string_view html);

// Markers in a piece of raw HTML text (an HTML block); `first_line` is the text's first line.
std::vector<Marker> markers_in_html(std::string_view html, int first_line);

struct MarkerValue {
    std::string text;    // what the rendered page shows
    std::string source;  // where the value comes from, shown as a tooltip
};
using MarkerHandler = std::function<std::optional<MarkerValue>(const Marker&)>;

// Calls `handle` for every marker of the document in order. Where it returns a value, the
// marker is rendered as <span class="threshold">value</span> instead of the author's text.
// A marker with no closing comment is reported in `problems` under `file`.
void visit_markers(cmark_node* root, const std::string& file, const MarkerHandler& handle,
                   Problems& problems);

}  // namespace memlab::site
