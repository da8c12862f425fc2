#include "check_reference.h"

#include <fmt/format.h>

#include <numeric>
#include <string>

#include "lab.h"

int gcd_rule_ways(int stride_words) { return std::gcd(stride_words, 32); }

namespace {

// Thread t's sums depend only on its lane: work out the 32 lane values, then spread them.
std::vector<std::uint32_t> spread_lanes(const std::uint32_t (&per_lane)[32]) {
  std::vector<std::uint32_t> sums(kSweepThreads);
  for (std::size_t t = 0; t < sums.size(); ++t) sums[t] = per_lane[t % 32];
  return sums;
}

// Elements in[t], in[t + kSweepThreads], ... below n.
std::size_t elements_of_thread(std::size_t t, std::size_t n) {
  return t < n ? (n - t + kSweepThreads - 1) / kSweepThreads : 0;
}

}  // namespace

std::vector<std::uint32_t> expected_shared_sums(int stride_words) {
  std::uint32_t per_lane[32] = {};
  for (unsigned lane = 0; lane < 32; ++lane)
    for (int r = 0; r < kSweepLoadsPerThread; ++r) per_lane[lane] += sweep_word(lane * stride_words + r % 32);
  return spread_lanes(per_lane);
}

std::vector<std::uint32_t> mixed_stream_sums(const std::vector<uint4>& in) {
  std::vector<std::uint32_t> sums(kSweepThreads, 0);
  for (std::size_t i = 0; i < in.size(); ++i) sums[i % kSweepThreads] += in[i].x + in[i].y + in[i].z + in[i].w;
  return sums;
}

std::vector<std::uint32_t> mixed_stream_sums(std::uint32_t word, std::size_t n) {
  std::vector<std::uint32_t> sums(kSweepThreads);
  for (std::size_t t = 0; t < sums.size(); ++t)
    sums[t] = static_cast<std::uint32_t>(elements_of_thread(t, n)) * 4u * word;
  return sums;
}

std::vector<std::uint32_t> expected_mixed_sums(const std::vector<std::uint32_t>& stream_sums, std::size_t n,
                                               int stride_words) {
  std::uint32_t per_element[32] = {};  // the shared words one element adds, per lane
  for (unsigned lane = 0; lane < 32; ++lane)
    for (int j = 0; j < kMixedLoadsPerElement; ++j) per_element[lane] += sweep_word(lane * stride_words + j);
  std::vector<std::uint32_t> sums = stream_sums;
  for (std::size_t t = 0; t < sums.size(); ++t)
    sums[t] += static_cast<std::uint32_t>(elements_of_thread(t, n)) * per_element[t % 32];
  return sums;
}

std::string sum_name(std::size_t t) { return fmt::format("sums[{}] (lane {})", t, t % 32); }

memlab::Comparison compare_sums(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want) {
  memlab::Comparison c;
  c.checked = want.size();
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (i < got.size() && got[i] == want[i]) continue;
    ++c.mismatches;
    if (c.first.size() < 5)
      c.first.push_back({i, i < got.size() ? std::to_string(got[i]) : "missing", std::to_string(want[i])});
  }
  return c;
}
