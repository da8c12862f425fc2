// The interactive bank page's stylesheet and script, compiled in from docs/site/assets/
// (cmake/embed_assets.cmake), so memlab-figures writes a self-contained page.
#pragma once

#include <string_view>

namespace memlab::site::assets {

extern const std::string_view bank_explorer_css;
extern const std::string_view bank_explorer_js;

}  // namespace memlab::site::assets
