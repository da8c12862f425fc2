#include "check_declared.h"

#include <memlab/bilingual.h>
#include <memlab/text_format.h>

#include <fmt/format.h>

namespace lab06 {

using memlab::fixed;
constexpr auto agreement_tolerance = memlab::declared_agreement_tolerance;

TreeCounters tree_counters(const MeasuredTree& m, std::size_t blocks) {
  TreeCounters c;
  c.blocks = static_cast<double>(blocks);
  c.loads_per_block = (m.load_wavefronts - m.load_conflicts) / c.blocks;
  c.stores_per_block = (m.store_wavefronts - m.store_conflicts) / c.blocks;
  c.load_ratio = m.load_wavefronts / (c.blocks * kTreeLoadsPerBlock);
  c.store_ratio = m.store_wavefronts / (c.blocks * kTreeStoresPerBlock);
  if (!(m.load_wavefronts > 0)) {
    c.problem =
        memlab::bilingual("the counters saw no shared-memory loads: does reduce_tree() add its tree in shared memory?",
                          "计数器没有看到共享内存加载：reduce_tree() 是在共享内存中按树求和的吗？");
    return c;
  }
  // More accesses than the tree's: the kernel does shared-memory work the tree does not, and a
  // ratio over the tree's work would mix that work with the tree's conflicts.
  auto too_many = [&](double per_block, int tree, const char* en, const char* zh) {
    if (per_block <= tree + kExtraAccessesPerBlock) return std::string();
    return memlab::bilingual(
        fmt::format("{} shared {} ran per block (wavefronts minus bank conflicts), more than the {} of the tree "
                    "lab.h describes ({} allowed): the kernel makes shared-memory accesses that are not the tree's, "
                    "so its counters cannot grade the tree",
                    fixed(per_block, 1), en, tree, tree + kExtraAccessesPerBlock),
        fmt::format("每个线程块实际执行了 {} 次共享内存{}（wavefront 数减去 bank 冲突数），多于 lab.h 所描述的归约树的 "
                    "{} 次（最多允许 {} 次）：核函数做了不属于归约树的共享内存访问，所以它的计数器无法用来评判这棵树",
                    fixed(per_block, 1), zh, tree, tree + kExtraAccessesPerBlock));
  };
  c.problem = too_many(c.loads_per_block, kTreeLoadsPerBlock, "loads", "加载");
  if (c.problem.empty()) c.problem = too_many(c.stores_per_block, kTreeStoresPerBlock, "stores", "写入");
  return c;
}

std::string TreeCounters::describe() const {
  return memlab::bilingual(
      fmt::format("{} wavefronts per tree load and {} per tree store ({:.0f} blocks of 25 loads and 20 stores; the "
                  "accesses that ran, wavefronts minus bank conflicts: {} loads and {} stores per block)",
                  fixed(load_ratio, 3), fixed(store_ratio, 3), blocks, fixed(loads_per_block, 1),
                  fixed(stores_per_block, 1)),
      fmt::format("归约树每次加载 {} 个 wavefront，每次写入 {} 个（共 {:.0f} 个线程块，每块 25 次加载、20 次写入；"
                  "实际执行的访问，即 wavefront 数减去 bank 冲突数：每块加载 {} 次、写入 {} 次）",
                  fixed(load_ratio, 3), fixed(store_ratio, 3), blocks, fixed(loads_per_block, 1),
                  fixed(stores_per_block, 1)));
}

Agreement judge_declared_tree(const TreeTraffic& declared, const TreeCounters& c) {
  if (!c.problem.empty()) return {false, c.problem};
  const double load_low = declared.load_low() - agreement_tolerance(declared.load_low());
  const double load_high = declared.load_high() + agreement_tolerance(declared.load_high());
  const double store_high = declared.store_ratio() + agreement_tolerance(declared.store_ratio());
  const std::string model = fmt::format("loads {}-{}, stores {}", fixed(declared.load_low(), 2),
                                        fixed(declared.load_high(), 2), fixed(declared.store_ratio(), 2));
  const std::string model_zh = fmt::format("加载 {}-{}，写入 {}", fixed(declared.load_low(), 2),
                                           fixed(declared.load_high(), 2), fixed(declared.store_ratio(), 2));
  const std::string band = fmt::format(
      "agreement: loads {} to {}, stores at most {}; the low end is the tree read "
      "with its partial sums in registers, the high end with every load apart",
      fixed(load_low, 2), fixed(load_high, 2), fixed(store_high, 2));
  const std::string band_zh = fmt::format(
      "一致的范围：加载 {} 到 {}，写入至多 {}；下限对应把部分和放在寄存器里读这棵树，"
      "上限对应每次加载都分开执行",
      fixed(load_low, 2), fixed(load_high, 2), fixed(store_high, 2));
  const bool loads_agree = c.load_ratio >= load_low && c.load_ratio <= load_high;
  const bool stores_agree = c.store_ratio <= store_high;
  const std::string described = c.describe();
  const std::string counted(memlab::english_part(described)), counted_zh(memlab::chinese_part(described));
  if (loads_agree && stores_agree)
    return {true, memlab::bilingual(
                      fmt::format("the kernel's tree: {}; the tree_pair() reduce.cu declares gives {} in the bank "
                                  "model ({})",
                                  counted, model, band),
                      fmt::format("核函数的归约树：{}；reduce.cu 声明的 tree_pair() 在 bank 模型中给出{}（{}）",
                                  counted_zh, model_zh, band_zh))};
  return {false,
          memlab::bilingual(
              fmt::format("the kernel's tree: {}; the tree_pair() reduce.cu declares gives {} in the bank model: the "
                          "kernel does not add the declared tree ({})",
                          counted, model, band),
              fmt::format("核函数的归约树：{}；reduce.cu 声明的 tree_pair() 在 bank 模型中给出{}：核函数求和用的不是"
                          "声明的那棵树（{}）",
                          counted_zh, model_zh, band_zh))};
}

}  // namespace lab06
