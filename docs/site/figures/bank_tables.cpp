#include "bank_tables.hpp"

#include "svg_text.hpp"

#include "memlab/bank_render.h"

#include <fmt/format.h>

namespace memlab::site::figures {

using namespace memlab::bank;

namespace {

std::string conflict_zh(int ways) {
  if (ways == 0) return "没有活跃的 lane";
  if (ways == 1) return "无冲突";
  return fmt::format("{} 路 bank 冲突", ways);
}

std::string summary_zh(const WarpAccess& access, const AccessResult& result) {
  std::string text = fmt::format("{} 字节{}：{} 个 wavefront", access.width_bytes,
                                 access.op == MemoryOp::load ? "加载" : "写入", result.wavefronts);
  if (result.phases.size() > 1) {
    text += fmt::format("，分 {} 个阶段，每个阶段 {} 个 lane", result.phases.size(), result.phases.front().lane_count);
  }
  return text + "，" + conflict_zh(result.ways);
}

std::string phase_headline_zh(const AccessResult& result, int phase_index) {
  const PhaseResult& phase = result.phases.at(static_cast<size_t>(phase_index));
  const std::string lanes = fmt::format("lane {}-{}", phase.first_lane, phase.first_lane + phase.lane_count - 1);
  const std::string text = result.phases.size() == 1 ? lanes + "，一个阶段"
                                                     : fmt::format("第 {} 个阶段（共 {} 个），{}", phase_index + 1,
                                                                   result.phases.size(), lanes);
  if (!phase.has_active_lane()) return text + "：没有活跃的 lane，0 个 wavefront";
  if (phase.served_with_previous) {
    return text + fmt::format("：与第 {} 个阶段一起服务（不再增加 wavefront；配对规则，见 bank_model.h）", phase_index);
  }
  if (phase.served_with_next) {
    return text + fmt::format("：与第 {} 个阶段合为一个阶段服务，{} 个 wavefront，{}", phase_index + 2,
                              phase.wavefronts(), conflict_zh(phase.pair_ways));
  }
  return text + fmt::format("：{} 个 wavefront，{}", phase.wavefronts(), conflict_zh(phase.ways));
}

const SvgWords& chinese_words() {
  static const SvgWords words{
      summary_zh,
      phase_headline_zh,
      [](int bank, std::uint32_t byte, const std::vector<int>& lanes) {
        return fmt::format("bank {}，字节 {} 处的字：lane {}", bank, byte, lane_list(lanes));
      },
      "bank",
      "每一列是一个 bank；第 wK 行是这个 bank 交付的第 K 个不同的 32 位字。绿色：第一个 wavefront；"
      "红色：多出来的 wavefront（bank 冲突）。",
      "格子里写着访问这个字的 lane；粗体：几个 lane 共用这个字（只交付一次）；“3+7”：lane 3 和另外 7 个 lane。",
      "灰色：在前一个阶段的 wavefront 中一起服务的阶段（8 字节和 16 字节加载的配对规则，拟合自 H200 的实测；"
      "见 bank_model.h）。"};
  return words;
}

std::string stride_title_zh(int elem_bytes, int stride) {
  if (stride == 0) return fmt::format("每个 lane 都访问 {} 字节元素数组的元素 0（广播）", elem_bytes);
  return fmt::format("lane i 访问 {} 字节元素数组的元素 i*{}（步长 {} 字节）", elem_bytes, stride,
                     static_cast<long long>(stride) * elem_bytes);
}

std::string tile_column_title_zh(const TileLayout& tile, int column) {
  std::string title = fmt::format("{}x{}、元素为 {} 字节的 tile 的第 {} 列，行距 {}", tile.rows, tile.cols,
                                  tile.elem_bytes, column, tile.pitch_elems());
  if (tile.pad_elems > 0) title += fmt::format("（填充 {} 个元素）", tile.pad_elems);
  if (tile.swizzle == TileSwizzle::xor_row) title += "，异或 swizzle";
  return title;
}

}  // namespace

BankView stride_view(int elem_bytes, int stride) { return {elem_bytes, stride, std::nullopt, 0}; }

BankView tile_column_view(const TileLayout& tile, int column) { return {tile.elem_bytes, 0, tile, column}; }

std::string bank_table_svg(const BankView& view, Language language) {
  const bool zh = language == Language::zh;
  const WarpAccess access =
      view.tile ? tile_access(*view.tile, TileRead::column, view.column) : stride_access(view.elem_bytes, view.stride);
  std::string title;
  if (view.tile) {
    title = zh ? tile_column_title_zh(*view.tile, view.column) : tile_title(*view.tile, TileRead::column, view.column);
  } else {
    title = zh ? stride_title_zh(view.elem_bytes, view.stride) : stride_title(view.elem_bytes, view.stride);
  }
  return in_language(render_svg(access, analyze(access), title, zh ? chinese_words() : english_svg_words()), language);
}

}  // namespace memlab::site::figures
