# memlab-course calibrate on a machine without a GPU, as an instructor may first run it: it grades
# lab 04's starter and solution (every GPU check skips), still writes both files, says that nothing
# timed was measured, proposes nothing and exits 0.
#
# This file is two things: included by CMakeLists.txt, it registers the test; run with -P (the
# test's command), it is the test.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  add_test(NAME instructor.calibrate_without_gpu
           COMMAND "${CMAKE_COMMAND}" -DTOOL=$<TARGET_FILE:memlab-course> -DOUT=${CMAKE_CURRENT_BINARY_DIR}/calibrate
                   -DTREE=${MEMLAB_INSTRUCTOR_TREE} -P "${CMAKE_CURRENT_LIST_FILE}")
  # It grades in instructor.grade_class's tree of lab 04, whose checker is compiled already.
  set_tests_properties(instructor.calibrate_without_gpu PROPERTIES LABELS cpu TIMEOUT 1800
                       FIXTURES_REQUIRED "memlab_build;instructor_grading_tree" RESOURCE_LOCK instructor_grading_tree)
  return()
endif()

# None of the results of an earlier run.
file(REMOVE_RECURSE "${OUT}/calibration.md" "${OUT}/thresholds.json" "${OUT}/work/results")
execute_process(COMMAND "${TOOL}" calibrate --labs 04 --out "${OUT}" --tree "${TREE}" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "memlab-course calibrate exited with ${rc}:\n${out}\n${err}")
endif()

foreach(name calibration.md thresholds.json)
  if(NOT EXISTS "${OUT}/${name}")
    message(FATAL_ERROR "calibrate did not write ${OUT}/${name}:\n${out}\n${err}")
  endif()
endforeach()

file(READ "${OUT}/calibration.md" md)
string(FIND "${md}" "| lab | check | manifest | starter | solution | allowed range | proposed | proposed / manifest | note |" at)
if(at EQUAL -1)
  message(FATAL_ERROR "calibration.md has no proposal table:\n${md}")
endif()
# On a machine with a GPU calibrate measures: what is left to check is that it wrote both files.
execute_process(COMMAND nvidia-smi -L RESULT_VARIABLE no_gpu OUTPUT_QUIET ERROR_QUIET)
if(no_gpu EQUAL 0)
  message("this machine has a GPU: calibrate measured, so the no-GPU wording is not checked")
  return()
endif()
foreach(expected "**Nothing timed was measured**" "Nothing is proposed: thresholds.json is {}."
                 "| 04 | starter | exact_transpose | skip |" "| 04 | solution | speedup_vs_starter | skip |"
                 "| 04 | fraction_of_copy_roofline | >= 75 % | skip | skip |")
  string(FIND "${md}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "calibration.md lacks '${expected}':\n${md}")
  endif()
endforeach()
# The console shows the same tables.
string(FIND "${out}" "**Nothing timed was measured**" at)
if(at EQUAL -1)
  message(FATAL_ERROR "calibrate did not print the tables:\n${out}")
endif()

file(READ "${OUT}/thresholds.json" thresholds)
string(STRIP "${thresholds}" thresholds)
if(NOT thresholds STREQUAL "{}")
  message(FATAL_ERROR "thresholds.json should propose nothing without a GPU, not:\n${thresholds}")
endif()
