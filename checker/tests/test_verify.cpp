#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "memlab/guard_report.h"
#include "memlab/verify.h"

using namespace memlab;

TEST_CASE("exact comparison reports the first mismatches by index") {
  std::vector<float> want = {1, 2, 3, 4, 5};
  std::vector<float> got = want;
  got[1] = std::numeric_limits<float>::quiet_NaN();
  got[3] = 4.5f;
  Comparison c = compare_exact(got, want);
  CHECK(c.mismatches == 2);
  REQUIRE(c.first.size() == 2);
  CHECK(c.first[0].index == 1);
  CHECK(c.first[1].index == 3);
  std::string s = c.summary([](std::size_t i) { return index_2d(i, 2, "out"); });
  CHECK(s.find("2 of 5 elements differ") != std::string::npos);
  CHECK(s.find("out[0][1] = nan (want 2)") != std::string::npos);
  CHECK(s.find("out[1][1] = 4.5 (want 4)") != std::string::npos);
}

TEST_CASE("exact comparison is bitwise: -0 is not +0, NaN never matches") {
  CHECK_FALSE(compare_exact(std::vector<float>{-0.0f}, std::vector<float>{0.0f}).ok());
  float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK_FALSE(compare_exact(std::vector<float>{nan}, std::vector<float>{1.0f}).ok());
  CHECK(compare_exact(std::vector<std::uint16_t>{1, 2}, std::vector<std::uint16_t>{1, 2}).ok());
  CHECK_FALSE(compare_exact(std::vector<float>{1.0f}, std::vector<float>{1.0f, 2.0f}).ok());
}

TEST_CASE("float sum error bound grows with n and the magnitude") {
  CHECK(float_sum_error_bound(1, 1.0) == doctest::Approx(std::ldexp(1.0, -24)).epsilon(1e-6));
  CHECK(float_sum_error_bound(1 << 20, 1.0) > float_sum_error_bound(1 << 10, 1.0));
  CHECK(float_sum_error_bound(1000, 10.0) == doctest::Approx(10 * float_sum_error_bound(1000, 1.0)));
  CHECK(std::isinf(float_sum_error_bound(std::size_t(1) << 25, 1.0)));  // n*u >= 1: no bound
}

TEST_CASE("guard hits are described in elements") {
  CHECK(describe_guard_hit("out", 4, true, 4).find("out[-1]") != std::string::npos);
  CHECK(describe_guard_hit("out", 4, true, 9).find("out[-3]") != std::string::npos);
  CHECK(describe_guard_hit("out", 4, false, 0).find("out[n+0]") != std::string::npos);
  CHECK(describe_guard_hit("out", 2, false, 7).find("out[n+3]") != std::string::npos);
}
