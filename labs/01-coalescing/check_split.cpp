// Lab 01 cpu checks: aligned_split(), the host helper the float4 kernel relies on, against a
// reference that walks the array one float at a time, for every misalignment of a float
// pointer and every n from 0 to 100, plus huge n.
#include <memlab/bilingual.h>
#include <memlab/checker.h>

#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "lab.h"
#include "student_proxy.h"
#include "lab_checks.h"

namespace {

// The head is the floats we must step over before p + head sits on a 16-byte boundary.
AlignedSplit split_by_walking(const float* p, std::size_t n) {
  std::size_t head = 0;
  while (head < n && reinterpret_cast<std::uintptr_t>(p + head) % 16 != 0) ++head;
  return {head, (n - head) / 4, (n - head) % 4};
}

std::string text(const AlignedSplit& s) { return fmt::format("{{head {}, body {}, tail {}}}", s.head, s.body, s.tail); }

bool same(const AlignedSplit& a, const AlignedSplit& b) {
  return a.head == b.head && a.body == b.body && a.tail == b.tail;
}

}  // namespace

TEST_CASE("aligned_split matches the walking reference" * doctest::test_suite("cpu")) {
  alignas(16) static float buffer[64];
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= lab::param::split_largest_small_n; ++n) sizes.push_back(n);
  for (std::size_t n : {1000003ull, (1ull << 33) + 7, 1ull << 40}) sizes.push_back(n);
  sizes.push_back(std::numeric_limits<std::size_t>::max());

  std::string wrong;
  std::size_t cases = 0;
  for (int base : {0, 4, 32})                   // several 16-byte-aligned starts
    for (int offset = 0; offset < 4; ++offset)  // then every float misalignment
      for (std::size_t n : sizes) {
        const float* p = buffer + base + offset;
        const AlignedSplit got = student::aligned_split(p, n), want = split_by_walking(p, n);
        ++cases;
        if (!same(got, want) && wrong.empty())
          wrong = memlab::bilingual(fmt::format("aligned_split(p = 16-byte boundary + {} bytes, n = {}) = {}, want {}",
                                                4 * offset, n, text(got), text(want)),
                                    fmt::format("aligned_split(p = 16 字节边界 + {} 字节, n = {}) = {}，应为 {}",
                                                4 * offset, n, text(got), text(want)));
      }
  memlab::expect_true(lab::check::aligned_split_exact, wrong.empty(),
                      wrong.empty() ? memlab::bilingual(fmt::format("{} (pointer, n) cases exact", cases),
                                                        fmt::format("{} 个（指针, n）组合全部精确", cases))
                                    : wrong);
}
