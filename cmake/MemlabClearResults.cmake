# The first test of each lab's grading (labNN.clear, see MemlabStudentLoop.cmake):
#   cmake -DRESULTS_DIR=<build>/results -DLAB=lab04 -P MemlabClearResults.cmake
# removes the lab's parts, build status and reports, and gradescope.json (the next report step
# writes it again from the reports that exist), so that a run which cannot grade leaves no
# report of an earlier run behind. Then it writes labNN.in-this-run, the mark that this lab's
# tests ran in this ctest run: MemlabShowReports.cmake does not call a lab "not graded" when a
# filter (`ctest -R lab03`, `-L gpu`) left all of its tests out.
if(NOT RESULTS_DIR OR NOT LAB MATCHES "^lab[0-9][0-9]$")
  message(FATAL_ERROR "usage: cmake -DRESULTS_DIR=<folder> -DLAB=labNN -P MemlabClearResults.cmake")
endif()
file(GLOB stale "${RESULTS_DIR}/${LAB}.*" "${RESULTS_DIR}/parts/${LAB}.*")
list(APPEND stale "${RESULTS_DIR}/gradescope.json")
file(REMOVE ${stale})
file(MAKE_DIRECTORY "${RESULTS_DIR}")
file(TOUCH "${RESULTS_DIR}/${LAB}.in-this-run")
