// Must not compile: lab.json declares no check no_such_id (run_check_ids.cmake).
#include <memlab/checker.h>

#include "lab_checks.h"

void records_a_misspelt_check() { memlab::expect_true(lab::check::no_such_id, true); }
