#include "memlab/text_format.h"

#include <fmt/format.h>

namespace memlab {

// fmt's fixed notation is printf's "%.*f", correctly rounded alike.
std::string fixed(double value, int decimals) { return fmt::format("{:.{}f}", value, decimals); }

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
