#include "memlab/verify.h"

#include <cmath>

#include <fmt/format.h>

namespace memlab {

std::string format_value(float v) { return fmt::format("{:.9g}", static_cast<double>(v)); }

std::string format_value(double v) { return fmt::format("{:.17g}", v); }

std::string format_value(std::uint16_t v) { return fmt::format("0x{:04x}", v); }

std::string Comparison::summary(const std::function<std::string(std::size_t)>& name_index) const {
  if (ok()) return fmt::format("all {} elements match", checked);
  std::string out = fmt::format("{} of {} elements differ; first:", mismatches, checked);
  for (const auto& m : first) out += fmt::format(" {} = {} (want {});", name_index(m.index), m.got, m.want);
  return out;
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
