// Finds the text of an SVG figure that would not show whole: a line that leaves the canvas,
// or one that runs into the next text on its baseline. Widths are text_width.hpp's estimates,
// so a Chinese label (1 em a character) is held to the room it really needs.
//
// Reads the figures memlab-figures writes: the canvas size and font on the root <svg>, one
// <text> element per line with x, y, font-size, font-weight and text-anchor, and the rotated
// axis label of a plot (transform="translate(X Y) rotate(-90)"), measured along the y axis.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlab::site::figures {

// One sentence per problem, naming the text; empty when every text fits.
std::vector<std::string> svg_fit_problems(std::string_view svg);

}  // namespace memlab::site::figures
