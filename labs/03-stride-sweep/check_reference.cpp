#include "check_reference.h"

#include <fmt/format.h>

#include <memlab/sample_inputs.h>

#include <array>
#include <numeric>
#include <string>

#include "lab.h"

int gcd_rule_ways(int stride_words) { return std::gcd(stride_words, 32); }

namespace {

// ---- The fold's CPU reference on a known table, checked when this file compiles -------------
// Word w of the table is w * 0x01000193 + 7 (mod 2^32). The values were computed apart from
// this code (a few lines of Python that follow lab.h's words), so lab.h's fold, the indexing of
// expected_shared_sum and the start h = t are each held to a number, with no GPU.
constexpr std::array<std::uint32_t, kSweepWords> known_table() {
  std::array<std::uint32_t, kSweepWords> words{};
  for (std::uint32_t w = 0; w < kSweepWords; ++w) words[w] = w * 0x01000193u + 7u;
  return words;
}
constexpr std::array<std::uint32_t, kSweepWords> kKnownTable = known_table();
static_assert(sweep_fold(sweep_fold(sweep_fold(0, 1), 2), 3) == 0xF12B53C0u, "lab.h: the fold of 1, 2, 3 from h = 0");
static_assert(expected_shared_sum(kKnownTable.data(), 1, 0) == 0xEE16C000u, "stride 1, thread 0");
static_assert(expected_shared_sum(kKnownTable.data(), 2, 1) == 0xD01A4001u, "stride 2, thread 1");
static_assert(expected_shared_sum(kKnownTable.data(), 3, 33) == 0xFDDB6021u, "stride 3, thread 33 (lane 1)");
static_assert(expected_shared_sum(kKnownTable.data(), 32, 31) == 0xA430001Fu, "stride 32, thread 31");
static_assert(expected_shared_sum(kKnownTable.data(), 64, kSweepThreads - 1) == 0xA02FBFFFu,
              "stride 64, the last thread (lane 31 reads words 1984..2015)");

// Elements in[t], in[t + kSweepThreads], ... below n.
std::size_t elements_of_thread(std::size_t t, std::size_t n) {
  return t < n ? (n - t + kSweepThreads - 1) / kSweepThreads : 0;
}

}  // namespace

std::vector<std::uint32_t> sweep_input_words(std::uint64_t salt) {
  std::vector<std::uint32_t> words(kSweepWords);
  for (std::size_t i = 0; i < words.size(); ++i) words[i] = memlab::sample_word(salt, i);
  return words;
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
