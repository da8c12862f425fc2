# Runs memlab-judge on the fake check program in every way a check program can end, and checks the
# verdict the judge writes for each: only a well-formed, single, in-time record can pass.
#   cmake -DJUDGE=... -DFAKE=... -DWORK=... -DFIXTURES=... -P run_judge_endings.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/results" "${WORK}/student")
file(WRITE "${WORK}/student/k.cu" "// the fixture's student file\n")
execute_process(COMMAND "${FAKE}" --print-hash "${WORK}/student/k.cu" OUTPUT_VARIABLE hash OUTPUT_STRIP_TRAILING_WHITESPACE)
function(write_build ok hash)
  file(WRITE "${WORK}/results/lab99.build.json"
    "{\"run_id\": \"r1\", \"ok\": ${ok}, \"contract_checked\": true, \"violations\": ${ARGN}, \"errors\": [],"
    " \"student_hash\": \"${hash}\", \"log\": \"\"}")
endfunction()

# judge(<suite> <mode> <want verdict> <want text in the detail> [extra judge args])
function(judge suite mode want text)
  file(REMOVE "${WORK}/results/parts/lab99.${suite}.json")
  execute_process(COMMAND "${JUDGE}" suite --lab-dir "${FIXTURES}/99-sample" --results-dir "${WORK}/results"
                          --student-dir "${WORK}/student" --suite ${suite} --program "${FAKE}" --deadline 3 ${ARGN}
                          -- --mode ${mode}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT EXISTS "${WORK}/results/parts/lab99.${suite}.json")
    message(FATAL_ERROR "${mode}: the judge wrote no part (rc ${rc}):\n${out}${err}")
  endif()
  file(READ "${WORK}/results/parts/lab99.${suite}.json" part)
  string(JSON verdict GET "${part}" checks 0 verdict)
  string(JSON detail GET "${part}" checks 0 detail)
  string(JSON run_id GET "${part}" run_id)
  if(NOT verdict STREQUAL want)
    message(FATAL_ERROR "${mode}: verdict ${verdict}, want ${want} (${detail})\n${out}")
  endif()
  string(FIND "${detail}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${mode}: the detail lacks '${text}': ${detail}")
  endif()
  if(EXISTS "${WORK}/results/lab99.build.json" AND NOT run_id STREQUAL "r1")
    message(FATAL_ERROR "${mode}: the part lost the build's run id: ${run_id}")
  endif()
  message(STATUS "${mode} (${suite}): ${verdict}: ${detail}")
endfunction()

write_build(true "${hash}" "[]")
judge(correctness good pass "")
judge(performance good pass "")
judge(performance slow fail "")  # the manifest's 1.8x decides, not the program
judge(correctness crash fail "killed by signal 11")
judge(correctness hang fail "timed out after 3 s")
judge(correctness exit-early fail "ended before reporting (exit status 0)")
judge(correctness malformed fail "cannot be trusted: record 2: malformed")
judge(correctness duplicate fail "reported 2 times")
judge(correctness unknown-id fail "not_in_lab_json")
judge(correctness fatal fail "did not finish within 30 s")
judge(correctness skip skip "no CUDA GPU (fake)")
# Thresholds come from the judge's --thresholds only: 2.0x passes 1.8x and fails an instructor's 2.5x.
file(WRITE "${WORK}/stricter.json" "{\"99\": {\"speedup\": {\"required\": 2.5}}}")
judge(performance good fail "" --thresholds "${WORK}/stricter.json")
file(WRITE "${WORK}/broken.json" "{\"99\": {\"speedup\": ")
judge(performance good fail "the thresholds file is malformed" --thresholds "${WORK}/broken.json")
# A build that failed, a contract that was broken, files edited since the build, no build at all.
write_build(true "fnv1a64:0000000000000000" "[]")
judge(correctness good fail "your files changed after they were built")
write_build(false "${hash}" "[\"k.cu references exit (ends the process)\"]")
judge(correctness good fail "violates the submission contract: k.cu references exit")
file(REMOVE "${WORK}/results/lab99.build.json")
judge(correctness good fail "did not run in this ctest run")
