#include "urls.hpp"

#include <cctype>

namespace memlab::site {

UrlKind classify_url(std::string_view url) {
  if (!url.empty() && url.front() == '#') return UrlKind::fragment_only;
  if (!url.empty() && url.front() == '/') return UrlKind::absolute_path;
  // RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
  size_t i = 0;
  while (i < url.size() &&
         (std::isalnum(static_cast<unsigned char>(url[i])) || url[i] == '+' || url[i] == '-' || url[i] == '.')) {
    ++i;
  }
  const bool has_scheme = i > 0 && i < url.size() && url[i] == ':' && std::isalpha(static_cast<unsigned char>(url[0]));
  return has_scheme ? UrlKind::external : UrlKind::relative;
}

UrlParts split_url(std::string_view url) {
  UrlParts parts;
  const size_t hash = url.find('#');
  if (hash != std::string_view::npos) {
    parts.fragment = percent_decode(url.substr(hash + 1));
    url = url.substr(0, hash);
  }
  const size_t question = url.find('?');
  if (question != std::string_view::npos) {
    parts.query = std::string(url.substr(question));
    url = url.substr(0, question);
  }
  parts.path = percent_decode(url);
  return parts;
}

std::string percent_decode(std::string_view text) {
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0) {
      out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string percent_encode_path(std::string_view path) {
  static const char digits[] = "0123456789ABCDEF";
  std::string out;
  for (char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (c == ' ' || c == '%' || c == '#' || c == '?' || c == '"' || c == '\'' || c == '<' || c == '>' || u < 0x20) {
      out += '%';
      out += digits[u >> 4];
      out += digits[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace memlab::site
