# memlab-report --check-page on the fixture pages of fixtures/report_tables/pages, whose blocks
# name the fixture reports under fixtures/report_tables (the --root): starter and solution reports
# of a run (run/starter/labNN.json, run/solution/labNN.json) and its known-wrong submissions
# (run/wrong/<case>/), laid out as verify-labs.sh --keep-reports keeps them.
#   matching.md      three blocks (files one by one, a run folder, the known-wrong table): exit 0
#   differs.md       matching.md with one row of its second block edited: exit 1, names the line
#   fences.md        markers inside ```` and ~~~ fences, which are examples, and one block: exit 0
#   unterminated.md  an opening marker without an end: exit 2
#   reopened.md      an opening marker before the end of the block above: exit 2
#   stray_end.md     an end marker without an opening one: exit 2
#   unknown.md       a report step and another program, not tables: exit 2
#   missing.md       a report that is not there: exit 2
#   none.md          no block: exit 2 (its tables would be pasted)
# and matching.md saved with "\r\n" ends of line: exit 0.
# Then bad command lines: a page that is not there, a folder, an unknown option, --write alone.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(pages "${FIXTURES}/pages")

# Runs --check-page on page `name` (in folder `dir`) with extra arguments; sets rc and out
# (stdout and stderr together) in the caller.
function(check_page dir name)
  execute_process(COMMAND "${REPORT}" --check-page "${dir}/${name}" --root "${FIXTURES}" ${ARGN}
                  RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  set(rc "${status}" PARENT_SCOPE)
  set(out "${stdout}${stderr}" PARENT_SCOPE)
endfunction()

# Exit status `want_rc`, and each further argument somewhere in `out`. The arguments are read
# one by one (ARGV<n>), not as the list ARGN: the tables' cells hold ';'.
function(expect name want_rc)
  if(NOT rc STREQUAL "${want_rc}")
    message(FATAL_ERROR "${name}: exit ${rc}, want ${want_rc}:\n${out}")
  endif()
  math(EXPR last "${ARGC} - 1")
  foreach(i RANGE 2 ${last})
    set(text "${ARGV${i}}")
    string(FIND "${out}" "${text}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${name}: the output lacks '${text}':\n${out}")
    endif()
  endforeach()
endfunction()

check_page("${pages}" matching.md)
expect(matching.md 0 "matching.md: 3 generated block(s) checked, 0 differ")

# The edited row is line 49 of the page, in the block that opens on line 32.
check_page("${pages}" differs.md)
expect(differs.md 1
       "differs.md:32: the generated block differs from `memlab-report --verification-table run`"
       "(first difference: line 49: the page has \"| 02 | starter | predictions_match_hardware | pass | 1.0 |  | yes |\""
       "memlab-report prints \"| 02 | starter | predictions_match_hardware | fail | 0.0 |  | yes |\""
       "1 differ" "--write")
string(FIND "${out}" "differs.md:11:" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "differs.md: a block that matches is reported as differing:\n${out}")
endif()

# --write on a copy (the page may live anywhere; the blocks' paths are relative to --root):
# the page becomes matching.md byte for byte, and checks clean.
file(COPY "${pages}/differs.md" DESTINATION "${WORK}")
check_page("${WORK}" differs.md --write)
expect("differs.md --write" 0 "differs.md:32: rewrote the generated block" "3 generated block(s), 1 rewritten")
file(READ "${WORK}/differs.md" rewritten)
file(READ "${pages}/matching.md" matching)
if(NOT rewritten STREQUAL matching)
  message(FATAL_ERROR "--write did not turn differs.md into matching.md:\n${rewritten}")
endif()
check_page("${WORK}" differs.md)
expect("differs.md after --write" 0 "0 differ")

# The same page saved with Windows ends of line: its blocks still match what is printed.
file(READ "${pages}/matching.md" matching)
string(REPLACE "\n" "\r\n" crlf "${matching}")
file(WRITE "${WORK}/crlf.md" "${crlf}")
check_page("${WORK}" crlf.md)
expect("matching.md with \\r\\n" 0 "crlf.md: 3 generated block(s) checked, 0 differ")

# A ```` fence that shows ``` lines and a ~~~ fence that shows one: their markers are text.
check_page("${pages}" fences.md)
expect(fences.md 0 "fences.md: 1 generated block(s) checked, 0 differ")

check_page("${pages}" unterminated.md)
expect(unterminated.md 2 "unterminated.md:3: the generated block has no <!-- generated: end -->")
check_page("${pages}" reopened.md)
expect(reopened.md 2 "reopened.md:3: the generated block has no <!-- generated: end --> before the next one, on line 5")
check_page("${pages}" stray_end.md)
expect(stray_end.md 2 "stray_end.md:5: an end marker without an opening")

# Neither block may run, and --write leaves the page as it was.
file(COPY "${pages}/unknown.md" DESTINATION "${WORK}")
check_page("${WORK}" unknown.md --write)
expect(unknown.md 2 "unknown.md:5: cannot run `memlab-report --lab lab01" "--lab is not a table memlab-report prints"
       "unknown.md:10: cannot run `ls run`: not a memlab-report command" "2 could not run; nothing rewritten")
file(READ "${WORK}/unknown.md" after)
file(READ "${pages}/unknown.md" before)
if(NOT after STREQUAL before)
  message(FATAL_ERROR "unknown.md: --write changed a page whose blocks could not run:\n${after}")
endif()

check_page("${pages}" missing.md)
expect(missing.md 2 "missing.md:3: cannot run" "no such report: " "run/starter/lab07.json")

check_page("${pages}" none.md)
expect(none.md 2 "none.md: no generated block")

# Bad command lines say what is wrong and exit non-zero.
check_page("${pages}" absent.md)
expect("a page that is not there" 2 "--check-page ${pages}/absent.md: no such file")
check_page("${FIXTURES}" pages)
expect("a folder as the page" 2 "--check-page ${FIXTURES}/pages: not a file")
execute_process(COMMAND "${REPORT}" --check-page "${pages}/matching.md" --root "${FIXTURES}" --bogus
                RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
set(out "${stdout}${stderr}")
if(rc EQUAL 0 OR NOT out MATCHES "--bogus")
  message(FATAL_ERROR "an unknown option: exit ${rc}, want non-zero and the option named:\n${out}")
endif()
execute_process(COMMAND "${REPORT}" --write RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
set(out "${stdout}${stderr}")
if(rc EQUAL 0 OR NOT out MATCHES "--write requires --check-page")
  message(FATAL_ERROR "--write without --check-page: exit ${rc}, want non-zero and why:\n${out}")
endif()

# The tables on the command line, relative to the current folder: a run folder names the same
# reports as the files one by one (every lab in order, starter before solution), and the tables'
# own status says whether every verdict was the expected one.
execute_process(COMMAND "${REPORT}" --verification-table run WORKING_DIRECTORY "${FIXTURES}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE by_folder ERROR_VARIABLE err)
execute_process(COMMAND "${REPORT}" --verification-table run/starter/lab01.json run/solution/lab01.json run/starter/lab02.json
                WORKING_DIRECTORY "${FIXTURES}" OUTPUT_VARIABLE by_files)
if(NOT rc EQUAL 1 OR NOT by_folder STREQUAL by_files OR NOT by_folder MATCHES "NO \\(want pass\\)")
  message(FATAL_ERROR "--verification-table run (exit ${rc}, want 1) differs from its files:\n${by_folder}${err}\n---\n${by_files}")
endif()
execute_process(COMMAND "${REPORT}" --known-wrong-table run/wrong WORKING_DIRECTORY "${FIXTURES}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE table ERROR_VARIABLE err)
set(out "${table}${err}")
expect("--known-wrong-table" 1
       "| 01-fixture-breaks-contract | 01 | fail: exact_copy, submission_contract | 0 (at most 0) | yes |"
       "| 02-fixture-without-gpu | 01 | (without a GPU) pass: exact_copy; skip: speedup_vs_starter | 2 (at most 2) | yes |"
       "| NO: speedup_vs_starter pass (want fail); score 5 (at most 2) |"
       "| 04-fixture-hangs | 02 | fail: predictions_match_hardware; pass: submission_contract |  | NO: the report was not written"
       "| 05-fixture-expected-from-solutions | 02 | fail: predictions_match_hardware | 1 (at most 1) | yes |"
       "| 06-fixture-graded-by-counters | 01 | pass: exact_copy, speedup_vs_starter | 2 (at most 2) | yes (graded by counters on this GPU: speedup_vs_starter by exact_copy) |"
       "2 known-wrong submission(s) not graded as expected")

# --expect prints what it printed before the tables shared its comparison (verify-labs.sh reads
# the lines that start with "  NO").
execute_process(COMMAND "${REPORT}" --expect run/wrong/03-fixture-graded-too-well/expected.json
                        --report run/wrong/03-fixture-graded-too-well/lab01.json
                WORKING_DIRECTORY "${FIXTURES}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect("--expect" 1 "(with a GPU):\n  ok exact_copy: pass (want pass)\n  NO speedup_vs_starter: pass (want fail)\n"
       "  NO score 5 (at most 2)\n")
# A timed check this GPU could not grade by time (skipped, its points moved to a counter check)
# meets a "pass" and says what graded it; it never meets a "fail".
execute_process(COMMAND "${REPORT}" --expect run/wrong/06-fixture-graded-by-counters/expected.json
                        --report run/wrong/06-fixture-graded-by-counters/lab01.json
                WORKING_DIRECTORY "${FIXTURES}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect("--expect, graded by counters" 0
       "  ok speedup_vs_starter: skip (want pass; this GPU cannot grade it by time, exact_copy graded its lesson)")
execute_process(COMMAND "${REPORT}" --expect run/wrong/06-fixture-graded-by-counters/expected-want-fail.json
                        --report run/wrong/06-fixture-graded-by-counters/lab01.json
                WORKING_DIRECTORY "${FIXTURES}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect("--expect, a skip against a fail" 1 "  NO speedup_vs_starter: skip (want fail)")
