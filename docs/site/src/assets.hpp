// The stylesheets and script of the site, compiled in from docs/site/assets/ so the tool
// needs no data files at run time (see cmake/embed_assets.cmake).
#pragma once

#include <string_view>

namespace memlab::site::assets {

extern const std::string_view site_css;
extern const std::string_view deck_css;
extern const std::string_view highlight_css;  // appended to both stylesheets
extern const std::string_view deck_js;

}  // namespace memlab::site::assets
