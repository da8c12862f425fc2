#pragma once
// Views of an analysed warp access: a plain-text bank table for the terminal and an SVG
// figure of the same table for the course pages. Banks are columns; row k of a bank holds
// the k-th distinct 32-bit word it must deliver, so a phase needs as many wavefronts as its
// tallest column.
#include <string>
#include <string_view>
#include <vector>

#include "memlab/bank_model.h"

namespace memlab::bank {

// Lanes as ranges: {0,1,2,3,8,10,11} -> "0-3,8,10-11".
std::string lane_list(const std::vector<int>& lanes);
// One line: wavefronts, phases and the conflict degree.
std::string summary_line(const WarpAccess& access, const AccessResult& result);
// One line per phase: which lanes and what that phase costs.
std::string phase_headline(const AccessResult& result, int phase_index);

std::string render_text(const WarpAccess& access, const AccessResult& result, std::string_view title);
std::string render_svg(const WarpAccess& access, const AccessResult& result, std::string_view title);

}  // namespace memlab::bank
