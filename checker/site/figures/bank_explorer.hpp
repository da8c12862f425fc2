// The interactive bank-conflict page. Every warp access the page can show is analysed here, by
// the course's bank model (memlab::bank, the model the checker grades with), and embedded in
// the page as JSON; the page's script only draws what the model computed. So the figure
// cannot disagree with the checker.
//
// Two layers, after the seed article's figure:
//   stride  lane i reads the 4-byte word i*S, for S = 1..64
//   tile    one column read (or row write) of a 32x32 float transpose tile: unpadded
//           tile[32][32], padded tile[32][33], and XOR-swizzled tile[32*32]
#pragma once

#include "memlab/bank_model.h"

#include <nlohmann/json.hpp>

#include <string>

namespace memlab::site::figures {

inline constexpr int kExplorerMaxStride = 64;

// One analysed access: per-lane [byte, word, bank] (null for an inactive lane), wavefronts,
// ways, and per phase the distinct words each bank delivers with the lanes that asked.
nlohmann::json access_json(const bank::WarpAccess& access, const bank::AccessResult& result);

// Both layers' data, as the page's script reads it.
nlohmann::json bank_explorer_data();

// The complete, self-contained HTML page (stylesheet, data and script inline).
std::string bank_explorer_page(const std::string& course_title);

}  // namespace memlab::site::figures
