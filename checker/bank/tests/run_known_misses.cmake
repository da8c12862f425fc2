# Runs `TOOL check-measured MEASURED` and passes only while the model misses exactly the
# patterns it is known to miss. A change either way (a new miss, or a miss the model now
# reproduces) fails, so that the "Known misses" paragraph of bank_model.h is kept true.
# Parameters (-D): TOOL (memlab-bank-corpus); MEASURED (a measured file); EXPECT_CHECKED (how
# many measured lines it holds); EXPECT_MISSES (pattern names separated by |).
string(REPLACE "|" ";" expected "${EXPECT_MISSES}")
list(SORT expected)
list(LENGTH expected expected_count)
execute_process(COMMAND ${TOOL} check-measured ${MEASURED}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)

set(problems)
if(NOT rc MATCHES "^[0-9]+$")
  list(APPEND problems "the tool did not exit normally: ${rc}")
elseif(NOT rc EQUAL 1)
  list(APPEND problems "exit status ${rc}, expected 1 (the model misses some measured lines)")
endif()
set(summary "${EXPECT_CHECKED} measured patterns checked, ${expected_count} problems\n")
if(NOT out STREQUAL summary)
  list(APPEND problems "stdout is not '${summary}'")
endif()
# Each miss is one stderr line: `MEASURED: line L (NAME): the model predicts P, the GPU measured M wavefronts`.
set(found)
string(REGEX MATCHALL "[^\n]+" lines "${err}")
foreach(line IN LISTS lines)
  if(line MATCHES "^.*: line [0-9]+ \\(([^)]+)\\): the model predicts [0-9]+, the GPU measured [0-9]+ wavefronts$")
    list(APPEND found "${CMAKE_MATCH_1}")
  else()
    list(APPEND problems "unexpected stderr line: ${line}")
  endif()
endforeach()
list(SORT found)
if(NOT found STREQUAL expected)
  string(REPLACE ";" ", " found_text "${found}")
  string(REPLACE ";" ", " expected_text "${expected}")
  list(APPEND problems "the model misses [${found_text}], expected exactly [${expected_text}]")
endif()

if(problems)
  string(REPLACE ";" "\n" problems "${problems}")
  message(FATAL_ERROR "${TOOL} check-measured ${MEASURED}\n${problems}\n"
    "The model's known misses changed: update \"Known misses\" in checker/bank/include/memlab/bank_model.h "
    "(and corpus/README.md), then the expected list of this test in checker/bank/tests/CMakeLists.txt.\n"
    "--- stdout ---\n${out}--- stderr ---\n${err}")
endif()
