#include <doctest/doctest.h>

#include <string>

#include "memlab/gpu.h"

using namespace memlab;

namespace {
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("missing_code_message names the GPU's compute capability and the architecture to build for") {
  const std::string m = missing_code_message(12, 0, "75-real;80-real;86-real;89-real;90");
  CHECK(contains(m, "this build has no code for this GPU"));
  CHECK(contains(m, "compute capability 12.0, sm_120"));
  CHECK(contains(m, "-DCMAKE_CUDA_ARCHITECTURES=120"));
  CHECK(contains(m, "this build has code for 75-real;80-real;86-real;89-real;90"));
  CHECK(contains(m, "delete the build folder"));
  CHECK(contains(m, "CMake detects the GPU"));
}

TEST_CASE("missing_code_message reads the build's list with ';', ',' or spaces between entries") {
  CHECK(contains(missing_code_message(8, 6, "75-real 80-real  90"), "this build has code for 75-real;80-real;90"));
  CHECK(contains(missing_code_message(8, 6, "75,80,90"), "this build has code for 75;80;90"));
  CHECK(contains(missing_code_message(8, 6, "75-real;80-real;90"), "sm_86"));
  CHECK(contains(missing_code_message(8, 6, "75-real;80-real;90"), "-DCMAKE_CUDA_ARCHITECTURES=86"));
}

TEST_CASE("missing_code_message without the build's list or the compute capability still says what to do") {
  const std::string no_list = missing_code_message(7, 5, "");
  CHECK(contains(no_list, "compute capability 7.5, sm_75"));
  CHECK_FALSE(contains(no_list, "this build has code for"));
  CHECK(contains(no_list, "-DCMAKE_CUDA_ARCHITECTURES=75"));

  const std::string unknown = missing_code_message(0, 0, "90");
  CHECK(contains(unknown, "compute capability could not be read"));
  CHECK_FALSE(contains(unknown, "sm_0"));
  CHECK(contains(unknown, "-DCMAKE_CUDA_ARCHITECTURES=<the GPU's compute capability without the dot>"));
}

TEST_CASE("missing_code_message tells a stale part of the build from an architecture never built") {
  // The GPU's architecture is in the list (as SASS and PTX, or SASS only), yet a kernel has no code.
  for (const char* list : {"90", "80-real;90-real;100"}) {
    const std::string m = missing_code_message(9, 0, list);
    CHECK(contains(m, "a part of this program has no code for this GPU"));
    CHECK(contains(m, "build again"));
  }
  // PTX only ("90-virtual") is not machine code for the GPU: the usual message.
  CHECK(contains(missing_code_message(9, 0, "90-virtual"), "this build has no code for this GPU"));
  // 100 is not 10.0's neighbour 10.3.
  CHECK(contains(missing_code_message(10, 3, "100-real;120"), "this build has no code for this GPU"));
}

TEST_CASE("missing_code_message for PTX too new for the driver suggests a newer driver or machine code") {
  const std::string m = missing_code_message(12, 1, "75-real;90-real;121", true);
  CHECK(contains(m, "driver"));
  CHECK(contains(m, "compute capability 12.1, sm_121"));
  CHECK(contains(m, "install a newer driver"));
  CHECK(contains(m, "-DCMAKE_CUDA_ARCHITECTURES=121"));
}
