// measure() on a machine without a usable GPU: a clear "unsupported" Result,
// the launch never called, no crash. Skips (77) where a GPU is present;
// memlab-counters-selftest covers measure() there.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "memlab/counters.h"

#include <cuda_runtime_api.h>

#include <cstdio>

using namespace memlab::counters;

TEST_CASE("without a GPU, measure() reports unsupported and never launches") {
  int launches = 0;
  const Result r = measure(course_metrics(), [&launches] { ++launches; });
  INFO(r.message);
  CHECK(r.status == Status::unsupported);
  CHECK_FALSE(r.message.empty());
  CHECK(r.values.empty());
  CHECK(launches == 0);
}

TEST_CASE("an empty metric list is an error, whatever the machine") {
  const Result r = measure({}, [] {});
  CHECK(r.status == Status::error);
}

int main(int argc, char** argv) {
  int count = 0;
  if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0) {
    std::puts("skipped: a GPU is present; memlab-counters-selftest tests measure() on it");
    return 77;
  }
  doctest::Context context(argc, argv);
  return context.run();
}
