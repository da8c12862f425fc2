#include "memlab/text_format.h"

#include <cstdio>

namespace memlab {

std::string fixed(double value, int decimals) {
  char text[352];  // room for any double in %f
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string escape_xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;  // a numeric reference: valid in HTML and XML alike
      default: out += c;
    }
  }
  return out;
}

}  // namespace memlab
