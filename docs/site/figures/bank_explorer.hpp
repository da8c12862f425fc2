// The interactive bank-conflict page. Every warp access the page can show is analysed here, by
// the course's bank model (memlab::bank, the model the checker grades with), and embedded in
// the page as JSON; the page's script only draws what the model computed. So the figure
// cannot disagree with the checker.
//
// Two layers, after the shared-memory article's figure:
//   stride  lane i reads the 4-byte word i*S, for S = 1..64
//   tile    one column read (or row write) of a 32x32 float transpose tile: unpadded
//           tile[32][32], padded tile[32][33], and XOR-swizzled tile[32*32]
#pragma once

#include "languages.hpp"
#include "memlab/bank_model.h"

#include <nlohmann/json.hpp>

#include <string>

namespace memlab::site::figures {

inline constexpr int kExplorerMaxStride = 64;

// Where the site shows the page (docs/figures/ is the site's figures/); the
// Chinese page is its twin, figures/bank-conflicts.zh.html.
inline constexpr const char* kExplorerSitePath = "figures/bank-conflicts.html";

// One analysed access: per-lane [byte, word, bank] (null for an inactive lane), wavefronts,
// ways, and per phase the distinct words each bank delivers with the lanes that asked.
nlohmann::json access_json(const bank::WarpAccess& access, const bank::AccessResult& result);

// Both layers' data, as the page's script reads it.
nlohmann::json bank_explorer_data();

// The script's labels in one language (bank_explorer_labels.hpp, every key but page.*): the
// page's script takes all the text it shows from them.
nlohmann::json bank_explorer_labels(Language language);

// memlab-figures' --lang: "en" or "zh"; std::runtime_error, naming both, for anything else.
Language parse_page_language(const std::string& name);

// kExplorerSitePath, or its Chinese twin.
std::string bank_explorer_site_path(Language language);

// The complete, self-contained HTML page (stylesheet, labels, data and script inline), in one
// language, with a link to the same page in the other language beside it.
std::string bank_explorer_page(const std::string& course_title, Language language = Language::en);

}  // namespace memlab::site::figures
