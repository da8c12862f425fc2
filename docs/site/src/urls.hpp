// What a link in the course text points at, decided from its text alone.
#pragma once

#include <string>
#include <string_view>

namespace memlab::site {

enum class UrlKind {
  external,       // has a scheme: https:, mailto:, data: ... (never fetched)
  fragment_only,  // "#section" on the same page
  relative,       // "setup.md", "../labs/04-padding/README.md#hint"
  absolute_path,  // "/docs/setup.md": depends on where the site is served, so refused
};

UrlKind classify_url(std::string_view url);

struct UrlParts {
  std::string path;      // percent-decoded
  std::string query;     // with its '?', or ""
  std::string fragment;  // without its '#', or ""
};

UrlParts split_url(std::string_view url);

// "%20" -> " "; malformed escapes are kept as they are.
std::string percent_decode(std::string_view text);

// The inverse for a path: escapes what a browser would misread (space, %, #, ?, quotes).
std::string percent_encode_path(std::string_view path);

}  // namespace memlab::site
