# Creates a new lab from the templates in checker/templates/lab/, then regenerates the files that
# list the labs. From the repository root:
#
#   cmake -DNUMBER=09 -DNAME=my-topic [-DTITLE="My topic"] [-DSUMMARY="..."]
#         [-DMEMLAB_SITE=build/ci/bin/memlab-site] -P cmake/MemlabNewLab.cmake
#
# NUMBER  two digits, not used by another lab.
# NAME    lower-case letters, digits and dashes, starting with a letter: the folder is NUMBER-NAME.
# TITLE   the lab's title (default: NAME with spaces, first letter upper case).
# SUMMARY what the student learns, one line, read after "you learn to" (default: the template's).
# MEMLAB_SITE  a built memlab-site: it writes the lab tables of README.md and docs/index.md and
#              the handout's checks table. Without it, the commands to run are printed.
#
# It writes labs/NN-name/ (README.md, lab.h, lab.json, contract.json, copy.cu, check.cpp and the
# CTestTestfile.cmake that sends ctest to the root), solutions/NN-name/ (copy.cu and its
# CTestTestfile.cmake) and slides/NN-name.md, and rewrites CMakePresets.json
# (cmake/GeneratePresets.cmake). It changes nothing else; docs/adding-a-lab.md says what to do next.
cmake_minimum_required(VERSION 3.25)

if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
endif()
set(templates "${SOURCE_DIR}/checker/templates/lab")
set(usage "usage: cmake -DNUMBER=09 -DNAME=my-topic [-DTITLE=...] [-DSUMMARY=...] [-DMEMLAB_SITE=<memlab-site>] -P cmake/MemlabNewLab.cmake")

if(NOT DEFINED NUMBER OR NOT NUMBER MATCHES "^[0-9][0-9]$")
  message(FATAL_ERROR "NUMBER must be two digits, such as 09.\n${usage}")
endif()
if(NOT DEFINED NAME OR NOT NAME MATCHES "^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
  message(FATAL_ERROR "NAME must be lower-case letters, digits and single dashes, starting with a letter (such as my-topic).\n${usage}")
endif()
if(NOT EXISTS "${templates}/lab.json.in")
  message(FATAL_ERROR "No templates in ${templates}.")
endif()

set(FOLDER "${NUMBER}-${NAME}")
file(GLOB taken LIST_DIRECTORIES true "${SOURCE_DIR}/labs/${NUMBER}-*" "${SOURCE_DIR}/solutions/${NUMBER}-*"
     "${SOURCE_DIR}/slides/${NUMBER}-*")
if(taken)
  string(REPLACE ";" "\n  " taken "${taken}")
  message(FATAL_ERROR "Lab ${NUMBER} exists already:\n  ${taken}\nPick another NUMBER.")
endif()

if(NOT DEFINED TITLE OR TITLE STREQUAL "")
  string(REPLACE "-" " " TITLE "${NAME}")
  string(SUBSTRING "${TITLE}" 0 1 first)
  string(SUBSTRING "${TITLE}" 1 -1 rest)
  string(TOUPPER "${first}" first)
  set(TITLE "${first}${rest}")
endif()
if(NOT DEFINED SUMMARY OR SUMMARY STREQUAL "")
  set(SUMMARY "give the 32 threads of a warp neighbouring elements to copy, so that their accesses coalesce")
endif()
foreach(text IN ITEMS TITLE SUMMARY)
  if("${${text}}" MATCHES "[\n|]")
    message(FATAL_ERROR "${text} must be one line without '|': it is a cell of the lab tables.")
  endif()
endforeach()

# lab.json holds TITLE and SUMMARY as JSON strings.
foreach(text IN ITEMS TITLE SUMMARY)
  string(REPLACE "\\" "\\\\" escaped "${${text}}")
  string(REPLACE "\"" "\\\"" escaped "${escaped}")
  set(${text}_JSON "${escaped}")
endforeach()

set(lab_dir "${SOURCE_DIR}/labs/${FOLDER}")
set(solution_dir "${SOURCE_DIR}/solutions/${FOLDER}")
# template -> destination
set(files
  "README.md.in|${lab_dir}/README.md"
  "lab.h.in|${lab_dir}/lab.h"
  "lab.json.in|${lab_dir}/lab.json"
  "contract.json.in|${lab_dir}/contract.json"
  "copy.cu.in|${lab_dir}/copy.cu"
  "check.cpp.in|${lab_dir}/check.cpp"
  "student_proxy.h.in|${lab_dir}/student_proxy.h"
  "student_proxy.cpp.in|${lab_dir}/student_proxy.cpp"
  "student_recorder.cpp.in|${lab_dir}/student_recorder.cpp"
  "CTestTestfile.cmake.in|${lab_dir}/CTestTestfile.cmake"
  "copy.solution.cu.in|${solution_dir}/copy.cu"
  "CTestTestfile.cmake.in|${solution_dir}/CTestTestfile.cmake"
  "slides.md.in|${SOURCE_DIR}/slides/${FOLDER}.md")
foreach(pair IN LISTS files)
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 template)
  list(GET pair 1 destination)
  configure_file("${templates}/${template}" "${destination}" @ONLY NEWLINE_STYLE UNIX)
  file(RELATIVE_PATH shown "${SOURCE_DIR}" "${destination}")
  message(STATUS "Wrote ${shown}")
endforeach()

# The presets: labNN and labNN-solution.
execute_process(COMMAND "${CMAKE_COMMAND}" "-DSOURCE_DIR=${SOURCE_DIR}" -P "${SOURCE_DIR}/cmake/GeneratePresets.cmake"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake/GeneratePresets.cmake failed; the lab's files are written.")
endif()

# The lab tables and the handout's checks table (memlab-site).
set(next "")
if(MEMLAB_SITE)
  foreach(subcommand IN ITEMS lab-tables check-tables)
    execute_process(COMMAND "${MEMLAB_SITE}" ${subcommand} --root "${SOURCE_DIR}" --write
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message(STATUS "memlab-site ${subcommand} --write: ${out}${err}")
    if(NOT rc EQUAL 0)
      string(APPEND next "  - memlab-site ${subcommand} still reports the problems above; fix them by hand.\n")
    endif()
  endforeach()
else()
  string(APPEND next "  - Write the lab tables and the handout's checks table (memlab-site is built by the ci and docs presets):\n"
                     "      build/ci/bin/memlab-site lab-tables --root . --write\n"
                     "      build/ci/bin/memlab-site check-tables --root . --write\n")
endif()

message(STATUS "Lab ${NUMBER} is in labs/${FOLDER}/, its solution in solutions/${FOLDER}/, its deck in slides/${FOLDER}.md.\n"
               "Next:\n${next}"
               "  - Write the cells of lab ${NUMBER} that docs/index.md's lab table keeps by hand (\"graded on speed by\").\n"
               "  - Grade the solution: cmake --preset lab${NUMBER}-solution && ctest\n"
               "  - docs/adding-a-lab.md says what to write, what is generated and what is checked.")
