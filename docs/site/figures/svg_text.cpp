#include "svg_text.hpp"

#include <cmath>
#include <stdexcept>

namespace memlab::site::figures {

namespace {

constexpr std::string_view kChineseFonts = "Noto Sans CJK SC, Source Han Sans SC, PingFang SC, Microsoft YaHei";

}  // namespace

std::string grouped(double value) {
  std::string digits = std::to_string(static_cast<long long>(std::llround(value)));
  const int first = digits[0] == '-' ? 1 : 0;
  for (int i = static_cast<int>(digits.size()) - 3; i > first; i -= 3) digits.insert(static_cast<size_t>(i), " ");
  return digits;
}

std::string svg_open(double width, double height, std::string_view title, Language language) {
  return in_language("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fixed(width, 0) + "\" height=\"" +
                         fixed(height, 0) + "\" viewBox=\"0 0 " + fixed(width, 0) + " " + fixed(height, 0) +
                         "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n<title>" +
                         escape_xml(title) + "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
                     language);
}

std::string in_language(std::string svg, Language language) {
  if (language == Language::en) return svg;
  const size_t root = svg.find("<svg ");
  const size_t root_end = svg.find('>', root);
  const std::string key = "font-family=\"";
  const size_t family = svg.find(key, root);
  if (root == std::string::npos || family == std::string::npos || family > root_end) {
    throw std::logic_error("in_language: the figure's <svg> element names no font-family");
  }
  // Before the last family, the generic one (sans-serif, monospace); after a family alone.
  const size_t family_end = svg.find('"', family + key.size());
  const size_t last_comma = svg.rfind(',', family_end);
  const std::string fonts(kChineseFonts);
  if (last_comma == std::string::npos || last_comma < family) {
    svg.insert(family_end, ", " + fonts);
  } else {
    svg.insert(last_comma + 1, " " + fonts + ",");
  }
  svg.insert(root + 4, " xml:lang=\"" + std::string(html_lang(language)) + "\"");
  return svg;
}

}  // namespace memlab::site::figures
