#pragma once
// Comparing a kernel's output with a CPU reference. Data movement is compared bit for bit
// (a transpose must reproduce every float exactly, and a poisoned NaN never matches);
// arithmetic uses an error bound derived from the operation, never a fixed tolerance.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace memlab {

struct Mismatch {
  std::size_t index;
  std::string got, want;
};

struct Comparison {
  std::size_t checked = 0;
  std::size_t mismatches = 0;
  std::vector<Mismatch> first;  // the first few, in index order
  bool ok() const { return mismatches == 0; }
  // "3 of 1089 elements differ; first: out[0][1] = nan (want 0.25), ..."
  std::string summary(const std::function<std::string(std::size_t)>& name_index) const;
};

std::string format_value(float v);
std::string format_value(std::uint16_t v);
std::string format_value(double v);

template <class T>
Comparison compare_exact(const std::vector<T>& got, const std::vector<T>& want, std::size_t keep = 5) {
  Comparison c;
  c.checked = want.size();
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (i < got.size() && std::memcmp(&got[i], &want[i], sizeof(T)) == 0) continue;
    ++c.mismatches;
    if (c.first.size() < keep)
      c.first.push_back({i, i < got.size() ? format_value(got[i]) : "missing", format_value(want[i])});
  }
  return c;
}

// Floating-point sum: |computed - exact| <= gamma(n) * sum|x|, gamma(n) = n*u/(1-n*u),
// for any summation order in float (u = 2^-24). A tighter bound belongs to a known order.
double float_sum_error_bound(std::size_t n, double sum_abs);

std::string index_2d(std::size_t i, std::size_t cols, const std::string& name);

}  // namespace memlab
