#include "check_stride_sums.h"

#include <memlab/bilingual.h>
#include <memlab/launch.h>

#include <fmt/format.h>

#include "check_reference.h"

std::string first_wrong_stride(const std::string& name, const StrideLaunch& launch, memlab::DeviceArray<unsigned>& sums,
                               const std::vector<int>& strides,
                               const std::function<std::vector<std::uint32_t>(int)>& expected) {
  for (int s : strides) {
    const std::string what =
        memlab::bilingual(fmt::format("{} at stride {}", name, s), fmt::format("步长为 {} 时的 {}", s, name));
    const std::string where =
        memlab::bilingual(fmt::format("{} at stride {}: ", name, s), fmt::format("{} 在步长 {}：", name, s));
    const std::vector<std::uint32_t> want = expected(s);
    sums.poison();
    memlab::run_checked(what, [&](cudaStream_t st) { launch(s, st); });
    try {
      sums.check_guards();
    } catch (const memlab::OutOfBoundsWrite& e) {
      return memlab::join_bilingual({where, e.what()});
    }
    const memlab::Comparison cmp = compare_sums(sums.download(), want);
    if (!cmp.ok()) return memlab::join_bilingual({where, cmp.summary(sum_name)});
  }
  return "";
}
