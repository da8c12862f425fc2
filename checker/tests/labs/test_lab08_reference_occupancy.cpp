// lab08.course.reference_occupancy: lab 08's own occupancy calculator (labs/08-occupancy/
// check_occupancy.cpp, the rules the handout teaches) against NVIDIA's cuda_occupancy.h, on every
// kernel the students' predictions are graded on and the three parts of lab.h. It tests the
// course's code, not a student's file: when it fails, the CUDA Toolkit's occupancy rules changed.
#include <doctest/doctest.h>
#include <memlab/bilingual.h>

#include <string>

#include "check_occupancy.h"
#include "lab.h"

TEST_CASE("the course's occupancy calculator agrees with cuda_occupancy.h") {
  for (const DeviceLimits& gpu : known_parts()) {
    const std::string part = gpu.name;
    CAPTURE(part);
    // The allocation rules lab.h gives each part are the ones cuda_occupancy.h derives from its
    // compute capability.
    const std::string rules = header_disagreement(gpu);
    CHECK_MESSAGE(rules.empty(), memlab::english_part(rules));
    for (const OccupancyCase& c : graded_cases()) {
      const OccupancyLimits mine = reference_occupancy(c.resources, gpu), header = header_occupancy(c.resources, gpu);
      CHECK_MESSAGE(mine == header, c.what << " (" << describe(c.resources) << "): the course's calculator gives "
                                           << describe(mine) << ", cuda_occupancy.h " << describe(header));
    }
  }
}

// The lab's premise: on the H200 the padded tile costs one block of the four that fit, so the
// candidate grid straddles a shared-memory step there.
TEST_CASE("the candidate grid straddles the H200's shared-memory step") {
  const auto blocks = [](Layout layout, int threads) {
    return header_occupancy(resources_of({layout, threads}), kH200).blocks();
  };
  CHECK(blocks(Layout::swizzled, 512) == 4);
  CHECK(blocks(Layout::unpadded, 512) == 4);
  CHECK(blocks(Layout::padded, 512) == 3);
}
