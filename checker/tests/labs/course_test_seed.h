#pragma once
// The seed of a course test's random inputs: MEMLAB_SEED when it is set, as for the check
// programs, else a fresh one. It is printed, so that a failure can be run again exactly.
#include <memlab/rng.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

inline std::uint64_t course_test_seed() {
  const char* given = std::getenv("MEMLAB_SEED");
  const std::uint64_t seed = given && *given ? std::stoull(given, nullptr, 0) : memlab::seed_from_entropy();
  std::cout << "inputs from seed " << seed << " (MEMLAB_SEED=" << seed << " draws them again)\n";
  return seed;
}
