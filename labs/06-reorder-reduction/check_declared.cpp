#include "check_declared.h"

#include <memlab/text_format.h>

#include <fmt/format.h>

namespace lab06 {

using memlab::fixed;
constexpr auto agreement_tolerance = memlab::declared_agreement_tolerance;

Agreement judge_declared_tree(const TreeLoadTraffic& declared, const MeasuredLoads& m) {
  const double conflict_free = m.wavefronts - m.conflicts;
  if (conflict_free <= 0)
    return {false, "the counters saw no shared-memory loads: does reduce_tree() add its tree in shared memory?"};
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
  const std::string counted =
      "(" + fixed(m.wavefronts, 0) + " wavefronts, " + fixed(m.conflicts, 0) + " of them bank conflicts)";
  if (measured >= low && measured <= high)
    return {true, "the kernel's tree costs " + fixed(measured, 3) + " wavefronts per shared load on the hardware " +
                      counted + "; the tree_pair() reduce.cu declares gives " + model +
                      " in the bank model (agree: " + fixed(low, 2) + " to " + fixed(high, 2) + ")"};
  return {false, "the kernel's tree costs " + fixed(measured, 2) + " wavefronts per shared load on the hardware " +
                     counted + "; the tree_pair() reduce.cu declares gives " + model +
                     ": the kernel does not add the declared tree (agreement needs " + fixed(low, 2) + " to " +
                     fixed(high, 2) + ")"};
}

}  // namespace lab06
