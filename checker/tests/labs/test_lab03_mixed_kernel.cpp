// lab03.course.mixed_kernel_exact: lab 03's mixed kernel as the starter gives it (sweep_mixed in
// labs/03-stride-sweep/sweep.cu, which the students leave as it is) writes the exact sum of
// every thread at every stride 1..64, on random 16-byte elements whose count is not a multiple
// of the thread count, and nothing outside its sums. A GPU test: without a GPU it skips
// (gpu_test_main.cpp). The students' copies are checked at strides 1 and 2 by mixed_2way_cost,
// before it times them.
#include <doctest/doctest.h>
#include <memlab/bilingual.h>
#include <memlab/buffers.h>
#include <memlab/rng.h>

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "check_reference.h"
#include "check_stride_sums.h"
#include "course_test_seed.h"
#include "lab.h"

namespace {

// Four passes of the grid-stride loop over kSweepThreads threads, and 37 elements more: the last
// pass is partial.
constexpr std::size_t kElements = 1048613;
static_assert(kElements % kSweepThreads != 0, "a partial last pass");

}  // namespace

TEST_CASE("the given mixed kernel writes exact sums at every stride") {
  memlab::InputGenerator rng(course_test_seed());
  std::vector<uint4> host(kElements);
  for (uint4& v : host) {
    const std::uint64_t a = rng.next_u64(), b = rng.next_u64();
    v = make_uint4(unsigned(a), unsigned(a >> 32), unsigned(b), unsigned(b >> 32));
  }
  memlab::DeviceArray<uint4> in(kElements, "in");
  in.upload(host);
  memlab::DeviceArray<unsigned> sums(kSweepThreads, "sums");
  const std::vector<std::uint32_t> stream = mixed_stream_sums(host);
  std::vector<int> strides(kSweepMaxStride);
  std::iota(strides.begin(), strides.end(), 1);

  const StrideLaunch mixed = [&](int s, cudaStream_t st) { sweep_mixed(in.data(), kElements, s, sums.data(), st); };
  const std::string wrong = first_wrong_stride("sweep_mixed", mixed, sums, strides,
                                               [&](int s) { return expected_mixed_sums(stream, kElements, s); });
  CHECK_MESSAGE(wrong.empty(), memlab::english_part(wrong));
  CHECK_NOTHROW(in.check_guards());
}
