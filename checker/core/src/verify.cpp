#include "memlab/verify.h"

#include <cmath>

#include <fmt/format.h>

#include "memlab/bilingual.h"

namespace memlab {

std::string format_value(float v) { return fmt::format("{:.9g}", static_cast<double>(v)); }

std::string format_value(double v) { return fmt::format("{:.17g}", v); }

std::string format_value(std::uint16_t v) { return fmt::format("0x{:04x}", v); }

std::string Comparison::summary(const std::function<std::string(std::size_t)>& name_index) const {
  if (ok())
    return bilingual(fmt::format("all {} elements match", checked), fmt::format("全部 {} 个元素都相符", checked));
  std::string out = fmt::format("{} of {} elements differ; first:", mismatches, checked);
  std::string out_zh = fmt::format("{} 个元素中有 {} 个不符；最先的几个：", checked, mismatches);
  for (const auto& m : first) {
    const std::string name = name_index(m.index);
    out += fmt::format(" {} = {} (want {});", english_part(name), m.got, m.want);
    out_zh += fmt::format(" {} = {}（应为 {}）；", chinese_part(name), m.got, m.want);
  }
  return bilingual(out, out_zh);
}

double float_sum_error_bound(std::size_t n, double sum_abs) {
  const double u = std::ldexp(1.0, -24);
  const double nu = static_cast<double>(n) * u;
  return nu < 1 ? nu / (1 - nu) * sum_abs : INFINITY;
}

std::string index_2d(std::size_t i, std::size_t cols, const std::string& name) {
  return fmt::format("{}[{}][{}]", name, i / cols, i % cols);
}

}  // namespace memlab
