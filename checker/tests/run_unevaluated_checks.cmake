# checker.unevaluated_checks: a check program whose test cases never reach its checks (here a
# doctest filter that matches no test case) must report every check of the suite as "not
# evaluated" and exit with status 1. It used to crash with a segmentation fault in doctest,
# because the failure was logged as a doctest assertion after doctest's run had ended.
#   cmake -DPROG=<labNN_check> -DLAB_DIR=<labs/NN-...> -DWORK=<scratch> -P run_unevaluated_checks.cmake
foreach(required PROG LAB_DIR WORK)
  if(NOT ${required})
    message(FATAL_ERROR "run_unevaluated_checks.cmake: -D${required}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(
  COMMAND "${PROG}" --lab-dir "${LAB_DIR}" --results-dir "${WORK}" --suite cpu --seed 1 "--test-case=no such test case*"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
message("${out}${err}")
if(NOT status STREQUAL "1")
  message(FATAL_ERROR "expected exit status 1 (checks not evaluated), got '${status}'")
endif()
# Every cpu check of the lab's manifest is named as not evaluated.
file(READ "${LAB_DIR}/lab.json" manifest)
string(JSON count LENGTH "${manifest}" checks)
math(EXPR last "${count} - 1")
set(cpu_checks 0)
foreach(i RANGE ${last})
  string(JSON suite GET "${manifest}" checks ${i} suite)
  if(suite STREQUAL "cpu")
    string(JSON id GET "${manifest}" checks ${i} id)
    math(EXPR cpu_checks "${cpu_checks} + 1")
    string(FIND "${out}" "measured ${id}: failed (not evaluated" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the output does not report ${id} as not evaluated")
    endif()
  endif()
endforeach()
if(cpu_checks EQUAL 0)
  message(FATAL_ERROR "${LAB_DIR}/lab.json has no cpu check: this test would prove nothing")
endif()
message("ok: ${cpu_checks} cpu checks reported as not evaluated, exit status 1")
