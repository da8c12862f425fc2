// Markers (threshold or measured) at the start of a line. CommonMark starts an HTML block at
// any line that begins with "<!--", even in the middle of a paragraph: a marker there would end
// the paragraph above it, leave the rest of its own line as raw text (no emphasis, no links) and
// start a new paragraph below. The course text is wrapped at 100 columns, so a quoted value often
// lands at the start of a line. GitHub reads such a line the same way; the site repairs it at
// parse time, so that a marker never changes the shape of the text around it.
#pragma once

#include <string>
#include <string_view>

struct cmark_node;

namespace memlab::site {

// An inline tag that cannot start an HTML block, put in front of such a marker before the text
// is parsed again; it is removed from the parsed tree (remove_marker_shields).
inline constexpr std::string_view kMarkerShield = "<memlab-inline/>";

// `markdown` with kMarkerShield before every marker that `parsed` (its tree) reads as the start
// of an HTML block; "" when there is none. Only line contents change, so every node keeps its
// line number.
std::string shield_line_start_markers(std::string_view markdown, cmark_node* parsed);

// Unlinks and frees the shields' inline HTML nodes.
void remove_marker_shields(cmark_node* root);

}  // namespace memlab::site
