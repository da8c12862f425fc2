#include "memlab/declared_agreement.h"

#include <cmath>

#include <fmt/format.h>

#include "memlab/bilingual.h"

namespace memlab {

double declared_agreement_tolerance(double predicted) { return 0.25 + 0.05 * predicted; }

DeclaredAgreement judge_declared_tile(const std::string& declared, const std::string& not_the_kernels,
                                      const TileTraffic& predicted, const MeasuredTileTraffic& m) {
  const std::string_view declared_en = english_part(declared), declared_zh = chinese_part(declared);
  const std::string_view not_en = english_part(not_the_kernels), not_zh = chinese_part(not_the_kernels);
  if (const std::string problem = tile_use_problem(m); !problem.empty())
    return {false, join_bilingual({problem, bilingual(fmt::format(" So {} cannot be compared with it.", declared_en),
                                                      fmt::format("因此无法把{}与它比较。", declared_zh))})};
  const double loads = m.loads_per_warp(), stores = m.stores_per_warp();
  const double load_band = declared_agreement_tolerance(predicted.load_wavefronts);
  const double store_band = declared_agreement_tolerance(predicted.store_wavefronts);
  const bool loads_agree = std::fabs(loads - predicted.load_wavefronts) <= load_band;
  const bool stores_agree = std::fabs(stores - predicted.store_wavefronts) <= store_band;
  const std::string band_en = fmt::format(
      "agreement: within +/- {:.2f} for loads and +/- {:.2f} for stores, in "
      "wavefronts per 32 elements",
      load_band, store_band);
  const std::string band_zh = fmt::format(
      "一致的范围：加载 +/- {:.2f}，写入 +/- {:.2f}，单位是每 32 个元素的 wavefront 数", load_band, store_band);
  if (loads_agree && stores_agree)
    return {
        true,
        bilingual(
            fmt::format("the kernel's column reads take {:.3f} wavefronts per 32 elements and its row "
                        "writes {:.3f} on the hardware; {} gives {:.2f} and {:.2f} in the bank model ({})",
                        loads, stores, declared_en, predicted.load_wavefronts, predicted.store_wavefronts, band_en),
            fmt::format("在硬件上，核函数的按列读取每 32 个元素用 {:.3f} 个 wavefront，按行写入用 {:.3f} "
                        "个；{}在 bank 模型中给出 {:.2f} 和 {:.2f}（{}）",
                        loads, stores, declared_zh, predicted.load_wavefronts, predicted.store_wavefronts, band_zh))};
  if (!loads_agree)
    return {false,
            bilingual(fmt::format("the kernel's column reads cost {:.1f} wavefronts per 32 elements on the hardware; "
                                  "{} gives {:.1f}: {} (row writes: {:.2f}, the model {:.2f}; {})",
                                  loads, declared_en, predicted.load_wavefronts, not_en, stores,
                                  predicted.store_wavefronts, band_en),
                      fmt::format("在硬件上，核函数的按列读取每 32 个元素要 {:.1f} 个 wavefront；{}给出 {:.1f}："
                                  "{}（按行写入：{:.2f}，模型 {:.2f}；{}）",
                                  loads, declared_zh, predicted.load_wavefronts, not_zh, stores,
                                  predicted.store_wavefronts, band_zh))};
  return {false,
          bilingual(fmt::format("the kernel's row writes cost {:.1f} wavefronts per 32 elements on the hardware; {} "
                                "gives {:.1f}: {}, or the kernel does not write the tile by rows (column reads: "
                                "{:.2f}, the model {:.2f}; {})",
                                stores, declared_en, predicted.store_wavefronts, not_en, loads,
                                predicted.load_wavefronts, band_en),
                    fmt::format("在硬件上，核函数的按行写入每 32 个元素要 {:.1f} 个 wavefront；{}给出 {:.1f}：{}，"
                                "或者核函数不是按行写入 tile 的（按列读取：{:.2f}，模型 {:.2f}；{}）",
                                stores, declared_zh, predicted.store_wavefronts, not_zh, loads,
                                predicted.load_wavefronts, band_zh))};
}

}  // namespace memlab
