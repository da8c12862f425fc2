#include <doctest/doctest.h>

#include <stdexcept>

#include "course_root.h"

using namespace memlab::course;

TEST_CASE("labs are found by number, with one or two digits") {
  const auto root = checked_course_root(MEMLAB_SOURCE_DIR);
  CHECK(find_lab(root, "4").folder == "04-padding");
  CHECK(find_lab(root, "04").manifest.number == "04");
  CHECK(course_labs(root).size() == 8);
  CHECK_THROWS_WITH_AS(find_lab(root, "99"), doctest::Contains("has no lab 99"), std::runtime_error);
  CHECK_THROWS_WITH_AS(two_digit_lab("4a"), doctest::Contains("not a lab number"), std::runtime_error);
  CHECK_THROWS_AS(checked_course_root("/nonexistent"), std::runtime_error);
}
