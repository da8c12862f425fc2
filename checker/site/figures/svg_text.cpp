#include "svg_text.hpp"

#include <cmath>
#include <sstream>

namespace memlab::site::figures {

std::string grouped(double value) {
  std::string digits = std::to_string(static_cast<long long>(std::llround(value)));
  const int first = digits[0] == '-' ? 1 : 0;
  for (int i = static_cast<int>(digits.size()) - 3; i > first; i -= 3) digits.insert(static_cast<size_t>(i), " ");
  return digits;
}

std::string svg_open(double width, double height, std::string_view title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fixed(width, 0) + "\" height=\"" + fixed(height, 0) +
         "\" viewBox=\"0 0 " + fixed(width, 0) + " " + fixed(height, 0) +
         "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n<title>" + escape_xml(title) +
         "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
}

}  // namespace memlab::site::figures
