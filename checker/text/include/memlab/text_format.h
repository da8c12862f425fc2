#pragma once
// Text helpers shared by reports, tables and SVG figures across the checker, its tools and the
// labs' checkers, so that a number or a label is written the same way everywhere.
#include <string>
#include <string_view>

namespace memlab {

// fixed(3.14159, 2) -> "3.14": a fixed number of decimals, never an exponent.
std::string fixed(double value, int decimals);

// &, <, >, " and ' escaped, for XML (SVG) and HTML text and attribute values.
std::string escape_xml(std::string_view text);

}  // namespace memlab
