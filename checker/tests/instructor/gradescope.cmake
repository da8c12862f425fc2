# memlab-course gradescope-package, as Gradescope uses the package: run_gradescope.sh builds the zip of
# lab 04, unzips it into a fake /autograder, runs setup.sh (packages skipped) and then
# run_autograder on the starter, the solution, a submission without one of its files, and with
# memlab-course broken in several ways, and checks each results.json.
#
# This file is two things: included by CMakeLists.txt, it registers the test; run with -P, it
# flattens a JSON file into lines that run_gradescope.sh reads (no jq on CI machines):
#   cmake -DJSON=results.json -DOUT=flat.tsv [-DMANIFEST=ON] -P gradescope.cmake
# results.json gives "score<TAB>N", "output<TAB>TEXT", "max_score<TAB>N" (extra_data) and, per
# test, "test<TAB>NAME<TAB>SCORE<TAB>MAX_SCORE<TAB>STATUS<TAB>TAG<TAB>OUTPUT"; a lab.json (MANIFEST)
# gives "check<TAB>ID<TAB>SUITE<TAB>POINTS". Line ends inside a text become " | ".
if(NOT CMAKE_SCRIPT_MODE_FILE)
  add_test(NAME instructor.gradescope
           COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/run_gradescope.sh" $<TARGET_FILE:memlab-course> "${PROJECT_SOURCE_DIR}"
                   "${CMAKE_CURRENT_BINARY_DIR}/gradescope" "${CMAKE_COMMAND}")
  # setup.sh builds the instructor's tools and the grading tree (the checker) from the package:
  # about 15 CPU-minutes, so about 8 minutes on 2 idle cores (18 on a busy 2-core machine); each
  # grading after it takes seconds.
  set_tests_properties(instructor.gradescope PROPERTIES LABELS cpu FIXTURES_REQUIRED memlab_build TIMEOUT 2400
                       COST 680)  # seconds in a clean CI run (see course.sanitizers)
  return()
endif()

function(flat_text out text)
  string(REPLACE "\n" " | " text "${text}")
  string(REPLACE "\t" " " text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The value at a JSON path, or "" when it is absent.
function(json_value out)
  string(JSON value ERROR_VARIABLE missing GET "${text}" ${ARGN})
  if(missing)
    set(value "")
  endif()
  flat_text(value "${value}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

file(READ "${JSON}" text)
set(lines "")
if(MANIFEST)
  string(JSON count LENGTH "${text}" checks)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    json_value(id checks ${i} id)
    json_value(suite checks ${i} suite)
    json_value(points checks ${i} points)
    if(points STREQUAL "")
      set(points 1)  # the manifest's default
    endif()
    string(APPEND lines "check\t${id}\t${suite}\t${points}\n")
  endforeach()
else()
  string(JSON score GET "${text}" score)  # stops here when it is not JSON with a score
  json_value(output output)
  json_value(max_score extra_data labs 0 max_score)
  string(APPEND lines "score\t${score}\noutput\t${output}\nmax_score\t${max_score}\n")
  string(JSON count LENGTH "${text}" tests)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      set(fields "")
      foreach(key name score max_score status)
        json_value(value tests ${i} ${key})
        string(APPEND fields "\t${value}")
      endforeach()
      json_value(tag tests ${i} tags 0)
      json_value(test_output tests ${i} output)
      string(APPEND lines "test${fields}\t${tag}\t${test_output}\n")
    endforeach()
  endif()
endif()
file(WRITE "${OUT}" "${lines}")
