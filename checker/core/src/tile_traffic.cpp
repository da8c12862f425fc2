#include "memlab/tile_traffic.h"

#include <fmt/format.h>

#include "memlab/bilingual.h"

namespace memlab {

namespace {
// Counters are exact, but a kernel may keep a few elements out of the tile (none of the course's
// do); 5 % under the physical floor is still far above a kernel that skips the tile.
constexpr double kLeastAllowance = 0.95;
}  // namespace

std::string tile_use_problem(const MeasuredTileTraffic& m) {
  const double least = m.least_per_warp() * kLeastAllowance;
  if (m.loads_per_warp() >= least && m.stores_per_warp() >= least) return "";
  return bilingual(
      fmt::format("the counters saw {:.0f} shared-load and {:.0f} shared-store wavefronts for {:.0f} elements of {} "
                  "bytes: fewer than the {:.0f} each way that moving every element through a shared tile takes "
                  "(one wavefront moves at most 128 bytes). Does the kernel store every element into its tile and "
                  "load it back?",
                  m.load_wavefronts, m.store_wavefronts, m.elements(), m.element_bytes,
                  m.elements() * m.element_bytes / 128),
      fmt::format("计数器只看到 {:.0f} 个共享内存加载 wavefront 和 {:.0f} 个共享内存写入 wavefront，而元素有 {:.0f} "
                  "个、每个 {} 字节：让每个元素都经过共享内存 tile，每个方向至少需要 {:.0f} 个（一个 wavefront "
                  "最多搬运 128 字节）。核函数是否把每个元素都存进 tile 再读出来？",
                  m.load_wavefronts, m.store_wavefronts, m.elements(), m.element_bytes,
                  m.elements() * m.element_bytes / 128));
}

std::string tile_traffic_text(const MeasuredTileTraffic& m) {
  return bilingual(fmt::format("{:.3f} load and {:.3f} store wavefronts per 32 elements ({:.0f} and {:.0f} "
                               "wavefronts for {}x{} elements; {:.0f} and {:.0f} instructions)",
                               m.loads_per_warp(), m.stores_per_warp(), m.load_wavefronts, m.store_wavefronts, m.n, m.n,
                               m.load_instructions, m.store_instructions),
                   fmt::format("每 32 个元素 {:.3f} 个加载 wavefront、{:.3f} 个写入 wavefront（{}x{} 个元素共 "
                               "{:.0f} 和 {:.0f} 个 wavefront；{:.0f} 和 {:.0f} 条指令）",
                               m.loads_per_warp(), m.stores_per_warp(), m.n, m.n, m.load_wavefronts, m.store_wavefronts,
                               m.load_instructions, m.store_instructions));
}

}  // namespace memlab
