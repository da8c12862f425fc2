// Small text helpers shared by the SVG figures of memlab-figures.
#pragma once

#include <string>
#include <string_view>

#include "languages.hpp"
#include "memlab/text_format.h"

namespace memlab::site::figures {

using memlab::escape_xml;

// 3.14159 with 1 decimal -> "3.1"; coordinates are written with one decimal.
inline std::string fixed(double value, int decimals = 1) { return memlab::fixed(value, decimals); }

// 24000 -> "24 000", the way the course's tables write large numbers.
std::string grouped(double value);

// The opening <svg> element of a figure with a white background and the course's font, in
// `language` (see in_language).
std::string svg_open(double width, double height, std::string_view title, Language language = Language::en);

// A figure's SVG made a figure in `language`. A Chinese figure names Simplified Chinese fonts
// before the generic family of its root element, and says its language (xml:lang), so that a
// browser draws its Chinese glyphs with a Chinese font, not a Japanese one. Applies as well to
// the SVG that other code draws (memlab::render_svg, memlab::bank::render_svg), whose fonts are
// Latin ones. English: unchanged.
std::string in_language(std::string svg, Language language);

}  // namespace memlab::site::figures
