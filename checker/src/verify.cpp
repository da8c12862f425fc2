#include "memlab/verify.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace memlab {

std::string format_value(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
  return buf;
}

std::string format_value(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string format_value(std::uint16_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04x", v);
  return buf;
}

std::string Comparison::summary(const std::function<std::string(std::size_t)>& name_index) const {
  std::ostringstream out;
  if (ok()) {
    out << "all " << checked << " elements match";
    return out.str();
  }
  out << mismatches << " of " << checked << " elements differ; first:";
  for (const auto& m : first) out << " " << name_index(m.index) << " = " << m.got << " (want " << m.want << ");";
  return out.str();
}

double float_sum_error_bound(std::size_t n, double sum_abs) {
  const double u = std::ldexp(1.0, -24);
  const double nu = static_cast<double>(n) * u;
  return nu < 1 ? nu / (1 - nu) * sum_abs : INFINITY;
}

std::string index_2d(std::size_t i, std::size_t cols, const std::string& name) {
  std::ostringstream out;
  out << name << "[" << i / cols << "][" << i % cols << "]";
  return out.str();
}

}  // namespace memlab
