#include "bank_explorer.hpp"

#include "bank_explorer_labels.hpp"
#include "figure_assets.hpp"
#include "pages.hpp"
#include "text.hpp"
#include "ui_text.hpp"

#include "memlab/bank_patterns.h"

#include <stdexcept>

namespace memlab::site::figures {

namespace {

using nlohmann::json;

json phase_json(const bank::PhaseResult& phase) {
  json banks = json::array();
  for (const auto& words : phase.banks) {
    json column = json::array();
    for (const auto& use : words) column.push_back({use.word, use.lanes});
    banks.push_back(std::move(column));
  }
  return {{"first_lane", phase.first_lane},
          {"lane_count", phase.lane_count},
          {"ways", phase.ways},
          {"wavefronts", phase.wavefronts()},
          {"served_with_previous", phase.served_with_previous},
          {"banks", std::move(banks)}};
}

json tile_variant_json(const std::string& id, const std::string& declaration, const bank::TileLayout& tile) {
  // The bank of every element, so the page can draw where each one sits.
  json element_banks = json::array();
  for (int row = 0; row < tile.rows; ++row) {
    json banks = json::array();
    for (int col = 0; col < tile.cols; ++col) banks.push_back(bank::bank_of(bank::tile_offset_bytes(tile, row, col)));
    element_banks.push_back(std::move(banks));
  }
  json column_reads = json::array();
  json row_writes = json::array();
  for (int index = 0; index < tile.cols; ++index) {
    const auto read = bank::tile_access(tile, bank::TileRead::column, index, bank::MemoryOp::load);
    column_reads.push_back(access_json(read, bank::analyze(read)));
    const auto write = bank::tile_access(tile, bank::TileRead::row, index, bank::MemoryOp::store);
    row_writes.push_back(access_json(write, bank::analyze(write)));
  }
  return {{"id", id},
          {"declaration", declaration},
          {"rows", tile.rows},
          {"cols", tile.cols},
          {"pitch", tile.pitch_elems()},
          {"swizzled", tile.swizzle == bank::TileSwizzle::xor_row},
          {"element_banks", std::move(element_banks)},
          {"column_reads", std::move(column_reads)},
          {"row_writes", std::move(row_writes)}};
}

bank::TileLayout float_tile(int pad, bank::TileSwizzle swizzle) {
  bank::TileLayout tile;
  tile.rows = 32;
  tile.cols = 32;
  tile.pad_elems = pad;
  tile.elem_bytes = 4;
  tile.swizzle = swizzle;
  return tile;
}

// JSON inside <script>: "</" would end the element early, so it is written as "<\/".
std::string script_safe(const std::string& json_text) {
  std::string out;
  for (size_t i = 0; i < json_text.size(); ++i) {
    out += json_text[i];
    if (json_text[i] == '<' && i + 1 < json_text.size() && json_text[i + 1] == '/') out += '\\';
  }
  return out;
}

}  // namespace

json access_json(const bank::WarpAccess& access, const bank::AccessResult& result) {
  json lanes = json::array();
  for (int lane = 0; lane < bank::kWarpSize; ++lane) {
    if (!access.is_active(lane)) {
      lanes.push_back(nullptr);
      continue;
    }
    const std::uint32_t byte = access.byte_address[static_cast<size_t>(lane)];
    lanes.push_back({byte, bank::word_of(byte), bank::bank_of(byte)});
  }
  json phases = json::array();
  for (const auto& phase : result.phases) phases.push_back(phase_json(phase));
  return {{"width_bytes", access.width_bytes},
          {"op", bank::op_name(access.op)},
          {"lanes", std::move(lanes)},
          {"wavefronts", result.wavefronts},
          {"ways", result.ways},
          {"phases", std::move(phases)}};
}

json bank_explorer_data() {
  json strides = json::array();
  for (int stride = 1; stride <= kExplorerMaxStride; ++stride) {
    const auto access = bank::stride_access(4, stride);
    json item = access_json(access, bank::analyze(access));
    item["stride"] = stride;
    strides.push_back(std::move(item));
  }
  json tiles = json::array();
  tiles.push_back(tile_variant_json("plain", "__shared__ float tile[32][32];", float_tile(0, bank::TileSwizzle::none)));
  tiles.push_back(
      tile_variant_json("padded", "__shared__ float tile[32][33];", float_tile(1, bank::TileSwizzle::none)));
  tiles.push_back(tile_variant_json("swizzled", "__shared__ float tile[32 * 32];  // (r, c) at r * 32 + (c ^ r)",
                                    float_tile(0, bank::TileSwizzle::xor_row)));
  return {{"banks", bank::kBankCount},
          {"bank_width_bytes", bank::kBankWidthBytes},
          {"strides", std::move(strides)},
          {"tiles", std::move(tiles)}};
}

json bank_explorer_labels(Language language) {
  json labels = json::object();
  for (const auto& label : explorer_labels(language)) {
    if (!is_page_label(label.key)) labels[std::string(label.key)] = std::string(label.text);
  }
  return labels;
}

Language parse_page_language(const std::string& name) {
  if (name == "en") return Language::en;
  if (name == "zh") return Language::zh;
  throw std::runtime_error("--lang takes en (English) or zh (Simplified Chinese), not \"" + name + "\"");
}

std::string bank_explorer_site_path(Language language) { return twin_of(kExplorerSitePath, language); }

std::string bank_explorer_page(const std::string& course_title, Language language) {
  const Language other = language == Language::zh ? Language::en : Language::zh;
  PageFrame frame;
  frame.course_title = course_title;
  frame.language = language;
  frame.page_title = explorer_label(language, "page.title");
  frame.site_path = bank_explorer_site_path(language);
  frame.body_html = explorer_label(language, "page.intro");
  frame.inline_stylesheet = true;
  // The site mounts this page at figures/, one folder below the course home of its language.
  frame.home = {course_title, language == Language::zh ? "index.zh.html" : "index.html"};
  frame.alternate = {ui_text(language).switch_to, bank_explorer_site_path(other)};
  frame.after_article_html = "<style>\n" + std::string(assets::bank_explorer_css) + "</style>\n" +
                             "<section id=\"bank-explorer\" class=\"bank-explorer\" aria-label=\"" +
                             html_escape(explorer_label(language, "page.explorer")) +
                             "\"><p class=\"explorer-fallback\">" +
                             html_escape(explorer_label(language, "page.fallback")) +
                             "</p></section>\n<script type=\"application/json\" id=\"bank-explorer-labels\">" +
                             script_safe(bank_explorer_labels(language).dump()) +
                             "</script>\n<script type=\"application/json\" id=\"bank-explorer-data\">" +
                             script_safe(bank_explorer_data().dump()) + "</script>\n<script>\n" +
                             std::string(assets::bank_explorer_js) + "</script>\n";
  return site_page_html(frame);
}

}  // namespace memlab::site::figures
