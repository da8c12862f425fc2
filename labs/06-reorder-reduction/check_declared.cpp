#include "check_declared.h"

#include <memlab/bilingual.h>
#include <memlab/text_format.h>

#include <fmt/format.h>

namespace lab06 {

using memlab::fixed;
constexpr auto agreement_tolerance = memlab::declared_agreement_tolerance;

Agreement judge_declared_tree(const TreeLoadTraffic& declared, const MeasuredLoads& m) {
  const double conflict_free = m.wavefronts - m.conflicts;
  if (conflict_free <= 0)
    return {false, memlab::bilingual(
                       "the counters saw no shared-memory loads: does reduce_tree() add its tree in shared memory?",
                       "计数器没有看到共享内存加载：reduce_tree() 是在共享内存中按树求和的吗？")};
  const double measured = m.wavefronts / conflict_free;
  const double low = declared.low - agreement_tolerance(declared.low);
  const double high = declared.high + agreement_tolerance(declared.high);
  const std::string model = declared.low == declared.high
                                ? fixed(declared.low, 2)
                                : fmt::format(
                                      "{}-{} ({} step{} of neighbouring words, which nvcc may read as one "
                                      "8-byte load)",
                                      fixed(declared.low, 2), fixed(declared.high, 2), declared.fusable_steps,
                                      declared.fusable_steps == 1 ? "" : "s");
  const std::string model_zh =
      declared.low == declared.high
          ? fixed(declared.low, 2)
          : fmt::format("{}-{}（其中 {} 步读取相邻的字，nvcc 可能把这样的两次读取合成一次 8 字节加载）",
                        fixed(declared.low, 2), fixed(declared.high, 2), declared.fusable_steps);
  const std::string counted =
      "(" + fixed(m.wavefronts, 0) + " wavefronts, " + fixed(m.conflicts, 0) + " of them bank conflicts)";
  const std::string counted_zh =
      fmt::format("（共 {} 个 wavefront，其中 {} 个来自 bank 冲突）", fixed(m.wavefronts, 0), fixed(m.conflicts, 0));
  if (measured >= low && measured <= high)
    return {true, memlab::bilingual(
                      "the kernel's tree costs " + fixed(measured, 3) + " wavefronts per shared load on the hardware " +
                          counted + "; the tree_pair() reduce.cu declares gives " + model +
                          " in the bank model (agree: " + fixed(low, 2) + " to " + fixed(high, 2) + ")",
                      fmt::format("在硬件上，核函数的树每次共享内存加载用 {} 个 wavefront{}；reduce.cu 声明的 "
                                  "tree_pair() 在 bank 模型中给出 {}（一致的范围：{} 到 {}）",
                                  fixed(measured, 3), counted_zh, model_zh, fixed(low, 2), fixed(high, 2)))};
  return {false,
          memlab::bilingual(
              "the kernel's tree costs " + fixed(measured, 2) + " wavefronts per shared load on the hardware " +
                  counted + "; the tree_pair() reduce.cu declares gives " + model +
                  ": the kernel does not add the declared tree (agreement needs " + fixed(low, 2) + " to " +
                  fixed(high, 2) + ")",
              fmt::format("在硬件上，核函数的树每次共享内存加载用 {} 个 wavefront{}；reduce.cu 声明的 "
                          "tree_pair() 在 bank 模型中给出 {}：核函数求和用的不是声明的那棵树（一致需要 {} 到 {}）",
                          fixed(measured, 2), counted_zh, model_zh, fixed(low, 2), fixed(high, 2)))};
}

}  // namespace lab06
