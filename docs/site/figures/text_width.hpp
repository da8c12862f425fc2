// How wide a line of SVG text is, estimated without a font engine, so that a figure can be
// checked for text that leaves its canvas or runs into the next text (svg_fit.hpp).
//
// ASCII is measured with DejaVu Sans (Bold, Mono): the widest of the fonts the figures name,
// and the one a Linux browser falls back to. Every other character counts as 1 em: the advance
// of a CJK glyph, and no less than any other character the figures use.
#pragma once

#include <string_view>

namespace memlab::site::figures {

enum class FontStyle { sans, sans_bold, mono };

// Width in pixels of `utf8` at `font_size` pixels.
double text_width(std::string_view utf8, double font_size, FontStyle style = FontStyle::sans);

}  // namespace memlab::site::figures
