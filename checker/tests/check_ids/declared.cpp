// Compiles: every check it names is declared by the fixture's lab.json (lab_checks.h is generated
// from checker/tests/fixtures/99-sample/lab.json). See run_check_ids.cmake.
#include <memlab/checker.h>

#include <type_traits>

#include "lab_checks.h"

static_assert(!std::is_convertible_v<const char*, memlab::CheckId>, "a string must not become a check id");
static_assert(std::is_same_v<decltype(lab::param::fixture_side), const int>);
static_assert(std::is_same_v<decltype(lab::param::fixture_loads), const long long>);
static_assert(std::is_same_v<decltype(lab::param::fixture_band), const double>);

void records_declared_checks() {
  memlab::expect_true(lab::check::exact, true, "detail");
  memlab::fail_check(lab::check::speedup, "reason");
  memlab::skip_check(lab::check::wavefronts, "reason");
  constexpr memlab::CheckId id = lab::check::sectors;
  static_assert(id.name[0] == 's');
}
