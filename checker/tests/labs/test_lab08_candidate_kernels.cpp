// lab08.course.candidate_kernels: lab 08's twelve candidate kernels (labs/08-occupancy/
// check_candidates.cu), the course's code that the students choose from, transpose every element
// exactly on ten sizes from 1x1 to 2243x2017, partial tiles included, into poisoned outputs, and
// write nothing outside them (guard zones). A GPU test: without a GPU it skips (gpu_test_main.cpp).
#include <doctest/doctest.h>
#include <memlab/bilingual.h>
#include <memlab/rng.h>
#include <memlab/transpose_check.h>

#include <string>
#include <vector>

#include "check_candidates.h"
#include "check_occupancy.h"
#include "course_test_seed.h"

TEST_CASE("every candidate kernel transposes exactly and writes nothing outside its output") {
  const std::vector<memlab::MatrixSize> sizes = {{1, 1},    {1, 300},  {300, 1},   {37, 1000},  {223, 63},
                                                 {224, 64}, {225, 65}, {448, 128}, {1000, 999}, {2243, 2017}};
  memlab::InputGenerator rng(course_test_seed());
  const auto floats = [&](std::size_t n) { return rng.floats(n); };
  REQUIRE(candidate_kernels().size() == kCandidates.size());
  for (const CandidateKernel& k : candidate_kernels()) {
    const std::string name = candidate_name(k.candidate);
    const memlab::TransposeSizesResult r = memlab::transpose_on_sizes<float>(sizes, 1, floats, k.launch);
    CHECK_MESSAGE(r.wrong.empty(), name << " at " << memlab::english_part(r.wrong));
    CHECK_MESSAGE(r.outside.empty(), name << " at " << memlab::english_part(r.outside));
  }
}
