# Runs memlab-report on a fixture lab with two report parts and checks what it writes.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/results")
file(COPY "${FIXTURES}/99-sample/parts" DESTINATION "${WORK}/results")
execute_process(COMMAND "${REPORT}" --lab lab99 --lab-dir "${FIXTURES}/99-sample" --results-dir "${WORK}/results"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "memlab-report failed (${rc}): ${out}${err}")
endif()
# The text report: points on each line, a skip reason said once, what to do next.
foreach(expected "1 passed, 1 failed, 0 inconclusive, 2 skipped; score 2 / 7" "hint: pad the tile"
                 "[0/3 points]" "needs a CUDA GPU: fixture\n  [SKIP" "(skipped: same reason as above)"
                 "next: speedup failed: read its line and hint above" "The skipped checks need a CUDA GPU")
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "memlab-report output lacks '${expected}':\n${out}")
  endif()
endforeach()
file(READ "${WORK}/results/gradescope.json" gs)
string(JSON n LENGTH "${gs}" tests)
string(JSON score GET "${gs}" score)
string(JSON status GET "${gs}" tests 1 status)
if(NOT n EQUAL 4 OR NOT score EQUAL 2 OR NOT status STREQUAL "failed")
  message(FATAL_ERROR "gradescope.json is wrong (tests=${n}, score=${score}, status=${status}):\n${gs}")
endif()
# Gradescope knows "passed" and "failed" only: a skipped check gives no status (Gradescope derives
# one from its score), is tagged "skipped", and its output starts with the reason.
string(JSON skip_status ERROR_VARIABLE no_status GET "${gs}" tests 2 status)
string(JSON skip_tag GET "${gs}" tests 2 tags 0)
string(JSON skip_output GET "${gs}" tests 2 output)
if(NOT no_status OR NOT skip_tag STREQUAL "skipped" OR NOT skip_output MATCHES "^Skipped: needs a CUDA GPU: fixture")
  message(FATAL_ERROR "gradescope.json's skipped check is wrong (status '${skip_status}', tag '${skip_tag}'):\n${gs}")
endif()
file(READ "${WORK}/results/lab99.json" lab)
string(JSON hash GET "${lab}" student_hash)
if(NOT hash STREQUAL "fnv1a64:0000000000000001")
  message(FATAL_ERROR "lab99.json lost the student hash: ${lab}")
endif()
# No results at all is an error that says so, not an empty report.
file(REMOVE_RECURSE "${WORK}/results/parts")
execute_process(COMMAND "${REPORT}" --lab lab99 --lab-dir "${FIXTURES}/99-sample" --results-dir "${WORK}/results"
                RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(rc EQUAL 0 OR NOT err MATCHES "no results for lab 99")
  message(FATAL_ERROR "memlab-report should fail without parts (rc=${rc}): ${err}")
endif()

# Eight labs' report steps at once, as `ctest -j` runs them in one results folder: each reads
# every lab's report for gradescope.json while the others write theirs. Every run must succeed
# and the last gradescope.json must hold all eight labs. execute_process runs its COMMANDs at
# the same time (as a pipeline), so each round is a real race.
set(labs 91 92 93 94 95 96 97 98)
file(REMOVE_RECURSE "${WORK}/results")
set(commands "")
foreach(n IN LISTS labs)
  file(READ "${FIXTURES}/99-sample/lab.json" manifest)
  string(REPLACE "\"number\": \"99\"" "\"number\": \"${n}\"" manifest "${manifest}")
  file(WRITE "${WORK}/${n}-sample/lab.json" "${manifest}")
  foreach(suite correctness performance mechanism)
    file(READ "${FIXTURES}/99-sample/parts/lab99.${suite}.json" part)
    string(REPLACE "\"lab\": \"99\"" "\"lab\": \"${n}\"" part "${part}")
    file(WRITE "${WORK}/results/parts/lab${n}.${suite}.json" "${part}")
  endforeach()
  # sh sends each report's output to /dev/null instead of down the pipeline (no SIGPIPE).
  list(APPEND commands COMMAND sh -c "exec \"$0\" \"$@\" >/dev/null" "${REPORT}" --lab lab${n} --lab-dir "${WORK}/${n}-sample" --results-dir "${WORK}/results" --labs lab91,lab92,lab93,lab94,lab95,lab96,lab97,lab98)
endforeach()
foreach(round RANGE 1 10)
  execute_process(${commands} RESULTS_VARIABLE codes ERROR_VARIABLE err OUTPUT_QUIET)
  foreach(rc IN LISTS codes)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "round ${round}: a concurrent memlab-report failed (exit codes ${codes}):\n${err}")
    endif()
  endforeach()
  file(READ "${WORK}/results/gradescope.json" gs)
  string(JSON n LENGTH "${gs}" tests)
  if(NOT n EQUAL 32)
    message(FATAL_ERROR "round ${round}: gradescope.json holds ${n} tests, not the 32 of 8 labs:\n${gs}")
  endif()
endforeach()
