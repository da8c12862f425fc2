#include "memlab/bank_render.h"

namespace memlab::bank {
namespace {

std::string plural(int n, const char* word) { return std::to_string(n) + ' ' + word + (n == 1 ? "" : "s"); }

std::string conflict_phrase(int ways) {
  if (ways == 0) return "no lane active";
  if (ways == 1) return "conflict-free";
  return std::to_string(ways) + "-way bank conflict";
}

}  // namespace

std::string lane_list(const std::vector<int>& lanes) {
  std::string text;
  for (std::size_t i = 0; i < lanes.size();) {
    std::size_t j = i;
    while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1) ++j;
    if (!text.empty()) text += ',';
    text += std::to_string(lanes[i]);
    if (j > i) text += '-' + std::to_string(lanes[j]);
    i = j + 1;
  }
  return text;
}

std::string summary_line(const WarpAccess& access, const AccessResult& result) {
  std::string text = std::to_string(access.width_bytes) + "-byte " +
                     (access.op == MemoryOp::load ? "loads" : "stores") + ": " + plural(result.wavefronts, "wavefront");
  if (result.phases.size() > 1)
    text += " in " + plural(static_cast<int>(result.phases.size()), "phase") + " of " +
            std::to_string(result.phases.front().lane_count) + " lanes";
  return text + ", " + conflict_phrase(result.ways);
}

std::string stride_title(int elem_bytes, int stride_elems) {
  if (stride_elems == 0)
    return "Every lane accesses element 0 of an array of " + std::to_string(elem_bytes) +
           "-byte elements (a broadcast)";
  return "Lane i accesses element i*" + std::to_string(stride_elems) + " of an array of " + std::to_string(elem_bytes) +
         "-byte elements (stride " + std::to_string(static_cast<long long>(stride_elems) * elem_bytes) + " bytes)";
}

std::string tile_title(const TileLayout& tile, TileRead read, int index) {
  std::string title = std::string(read == TileRead::row ? "Row " : "Column ") + std::to_string(index) + " of a " +
                      std::to_string(tile.rows) + "x" + std::to_string(tile.cols) + " tile of " +
                      std::to_string(tile.elem_bytes) + "-byte elements, row pitch " +
                      std::to_string(tile.pitch_elems());
  if (tile.pad_elems > 0) title += " (padded by " + std::to_string(tile.pad_elems) + ")";
  if (tile.swizzle == TileSwizzle::xor_row) title += ", XOR-swizzled";
  return title;
}

std::string phase_headline(const AccessResult& result, int phase_index) {
  const PhaseResult& phase = result.phases.at(static_cast<std::size_t>(phase_index));
  const std::string lanes =
      "lanes " + std::to_string(phase.first_lane) + "-" + std::to_string(phase.first_lane + phase.lane_count - 1);
  std::string text = result.phases.size() == 1 ? lanes + ", one phase"
                                               : "phase " + std::to_string(phase_index + 1) + " of " +
                                                     std::to_string(result.phases.size()) + ", " + lanes;
  if (!phase.has_active_lane()) return text + ": no active lane, 0 wavefronts";
  if (phase.served_with_previous)
    return text + ": served with phase " + std::to_string(phase_index) +
           " (0 more wavefronts; the pair rule, see bank_model.h)";
  if (phase.served_with_next)
    return text + ": served together with phase " + std::to_string(phase_index + 2) + " as one phase, " +
           plural(phase.wavefronts(), "wavefront") + ", " + conflict_phrase(phase.pair_ways);
  return text + ": " + plural(phase.wavefronts(), "wavefront") + ", " + conflict_phrase(phase.ways);
}

}  // namespace memlab::bank
