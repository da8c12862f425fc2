// Must not compile: a check is named by lab::check::<id>, never by a string (run_check_ids.cmake).
#include <memlab/checker.h>

#include "lab_checks.h"

void records_a_check_by_string() { memlab::expect_true("exact", true); }
