// lab06.course.error_bound: the error bound that lab 06's sum checks use (labs/06-reorder-reduction/
// check_sums.cpp) is sound. Float sums of random data stay within gamma(n) sum|x| in every order
// a GPU reduction may take (sequential, pairwise, a grid-stride loop whose partial sums are added
// in a random order as atomics would, and the starter's and the solution's trees level after
// level); values k x 2^-e sum exactly in each of them; and the bound is not vacuous where the
// checks use it on random data. It tests the course's analysis, not a student's file.
#include <doctest/doctest.h>
#include <memlab/bilingual.h>
#include <memlab/rng.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "check_sums.h"
#include "check_tree_model.h"
#include "course_test_seed.h"

namespace {

// Up to this many values the bound is under 1e-3 sum|x|, so that the checks' random data can
// catch a lost element there (README.md, "How the sum is judged").
constexpr std::size_t kTightBoundUpTo = 4097;

struct Order {
  std::string name;
  std::function<float(const std::vector<float>&)> sum;
};

}  // namespace

TEST_CASE("the two trees the lab compares are valid trees") {
  CHECK(lab06::tree_problem(lab06::interleaved_pair).empty());
  CHECK(lab06::tree_problem(lab06::sequential_pair).empty());
}

TEST_CASE("the error bound covers every summation order, and is not vacuous where it is used") {
  memlab::InputGenerator rng(course_test_seed());
  const std::vector<Order> orders = {
      {"sequential", lab06::sum_sequential},
      {"pairwise", lab06::sum_pairwise},
      {"grid-stride, 4096 threads, shuffled",
       [&](const std::vector<float>& x) { return lab06::sum_grid_stride_shuffled(x, 4096, rng); }},
      {"the starter's tree, level after level",
       [](const std::vector<float>& x) { return lab06::sum_tree_levels(x, lab06::interleaved_pair); }},
      {"the solution's tree, level after level",
       [](const std::vector<float>& x) { return lab06::sum_tree_levels(x, lab06::sequential_pair); }}};
  const std::vector<std::size_t> sizes = {1, 2, 3, 255, 256, 257, 4097, 65537, 1000003};
  for (std::size_t n : sizes) {
    CAPTURE(n);
    const std::vector<float> floats = lab06::random_summands(n, rng);
    const lab06::Reference ref = lab06::reference_sum(floats);
    const lab06::DyadicSummands exact = lab06::dyadic_summands(n, rng);
    if (n > 1 && n <= kTightBoundUpTo) {
      const double relative = lab06::allowed_error(n, ref) / static_cast<double>(ref.sum_abs);
      CHECK_MESSAGE(relative < 1e-3, "the bound is " << relative << " x sum|x|: vacuous");
    }
    for (const Order& order : orders) {
      const lab06::SumVerdict f = lab06::judge_float_sum(order.sum(floats), n, ref, order.name + ", floats");
      CHECK_MESSAGE(f.ok, memlab::english_part(f.text));
      const lab06::SumVerdict e =
          lab06::judge_exact_sum(order.sum(exact.values), n, exact, order.name + ", values k * 2^-e");
      CHECK_MESSAGE(e.ok, memlab::english_part(e.text));
    }
  }
}
