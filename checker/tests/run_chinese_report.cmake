# course.chinese_report: lab 01's report of this build, merged again in Chinese (MEMLAB_LANG=zh),
# holds no English sentence outside code names. A run on a GPU machine skips (exit 77 through
# SKIP_REGULAR_EXPRESSION): the measured values of the GPU checks are not all in Chinese yet.
#   cmake -DREPORT=memlab-report -DRESULTS=<build>/results -DLAB_DIR=labs/01-coalescing -DWORK=<dir>
#         -P run_chinese_report.cmake
# An "English sentence" is two words of letters in a row, one of them a lowercase word
# ("cases exact", "no NVIDIA driver"); ids (`coalesced_exact`), paths, numbers, names in
# capitals (CUDA GPU, Landlock ABI), code between backticks and the glossary's "warp shuffle" are
# not. The same definition, with the same regular expression, is english_sentence() of
# english_sentence.h, which course.chinese_texts holds every text the report can print to:
# change both together.
cmake_policy(SET CMP0007 NEW)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/parts")
file(GLOB parts "${RESULTS}/parts/lab01.*.json")
if(NOT parts OR NOT EXISTS "${RESULTS}/lab01.build.json")
  message(FATAL_ERROR "no results of lab 01 in ${RESULTS}: did lab01's tests run?")
endif()
file(COPY ${parts} DESTINATION "${WORK}/parts")
file(COPY "${RESULTS}/lab01.build.json" DESTINATION "${WORK}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env MEMLAB_LANG=zh "${REPORT}" --lab lab01 --lab-dir "${LAB_DIR}"
                        --results-dir "${WORK}" --labs lab01
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "memlab-report failed (${rc}): ${out}${err}")
endif()
file(READ "${WORK}/lab01.json" lab)
string(JSON environment ERROR_VARIABLE no_environment GET "${lab}" environment)
if(NOT no_environment AND NOT environment MATCHES "^skipped")
  message("MEMLAB_SKIP: lab 01 ran on a GPU here; this test reads a report graded without one")
  return()
endif()
file(STRINGS "${WORK}/lab01.txt" lines)
set(english "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "`[^`]*`" "" words "${line}")  # code
  string(REPLACE "warp shuffle" "warp-shuffle" words "${words}")  # kept in English (docs/glossary.zh.md)
  if(words MATCHES "(^|[^A-Za-z0-9_./-])([a-z][a-z]+ [A-Za-z]+|[A-Za-z]+ [a-z][a-z]+)([^A-Za-z0-9_./-]|$)")
    string(APPEND english "  ${line}\n")
  endif()
endforeach()
if(english)
  message(FATAL_ERROR "lab 01's Chinese report has English sentences:\n${english}")
endif()
message("lab 01's Chinese report has no English sentence")
