# Run by ctest after the last test (CTEST_CUSTOM_POST_TEST, see MemlabStudentLoop.cmake):
#   cmake -DRESULTS_DIR=<build>/results -DLABS=lab04[,lab05...] -DSTARTED=<file> -P MemlabShowReports.cmake
# Prints this run's report of each graded lab (the whole report for one lab, its first and last
# lines for several), or says that the lab was not graded in this run. A report older than
# STARTED (touched when ctest loaded the tests) is an earlier run's, and is not shown as this one's.
# It always exits 0: a failing post-test command would hide the report behind ctest's own error.
string(REPLACE "," ";" labs "${LABS}")
list(LENGTH labs n_labs)
set(out "\n")
set(shown "")
foreach(lab IN LISTS labs)
  set(txt "${RESULTS_DIR}/${lab}.txt")
  string(SUBSTRING "${lab}" 3 -1 number)
  if(EXISTS "${txt}" AND (NOT EXISTS "${STARTED}" OR "${txt}" IS_NEWER_THAN "${STARTED}"))
    file(READ "${txt}" report)
    if(n_labs EQUAL 1)
      string(APPEND out "${report}")
    else()
      string(REGEX MATCH "^[^\n]*" first "${report}")
      string(REGEX MATCH "[^\n]*\n?$" last "${report}")
      string(APPEND out "${first}\n  ${last}")
    endif()
    list(APPEND shown "${lab}")
  else()
    string(APPEND out "Lab ${number}: NOT GRADED in this run, so it has no report and no score. The first test above "
                      "that did not pass says why; `ctest --output-on-failure` prints its output.\n")
  endif()
endforeach()
if(shown)
  list(GET shown 0 one)
  if(n_labs EQUAL 1)
    string(APPEND out "Report files: ${RESULTS_DIR}/${one}.txt (this text), ${one}.json, gradescope.json\n")
  else()
    string(APPEND out "Report files: ${RESULTS_DIR}/labNN.txt, labNN.json, gradescope.json\n")
  endif()
endif()
message("${out}")
