// Small text helpers shared by the SVG figures of memlab-figures.
#pragma once

#include <string>
#include <string_view>

#include "memlab/text_format.h"

namespace memlab::site::figures {

using memlab::escape_xml;

// 3.14159 with 1 decimal -> "3.1"; coordinates are written with one decimal.
inline std::string fixed(double value, int decimals = 1) { return memlab::fixed(value, decimals); }

// 24000 -> "24 000", the way the course's tables write large numbers.
std::string grouped(double value);

// The opening <svg> element of a figure with a white background and the course's font.
std::string svg_open(double width, double height, std::string_view title);

}  // namespace memlab::site::figures
