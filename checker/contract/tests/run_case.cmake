# One contract test case, run by ctest: stages the student file(s) the way the lab build does
# (a folder of their own with a copy of lab.h whose first line is `#line 1 "<original>"`),
# compiles them (nvcc for .cu, g++ for .cpp, -ffunction-sections, a depfile beside each
# object), runs memlab-contract and checks its verdict.
#
#   -DTOOL -DNVCC -DCXX -DCUDA_INCLUDE -DARCH -DSOURCE_DIR -DWORK
#   -DLAB=04-padding -DFILES=a.cu|b.cpp   the files, staged under their own names
#   -DEXPECT=ok | violation   [-DFLAGS="-O2"]: extra flags for both compilers
#   [-DDEPS=ninja]: hand the tool the dependencies as `ninja -t deps` prints them (what a
#   CMake + Ninja build has left: Ninja deletes the .d files it reads)
#   A file may say `// as: transpose.cu` (stage it under that name) and, for EXPECT=violation,
#   carries its expectations: `// expect: <text>` lines, each of which must appear in one
#   violation. `@COURSE_FROM_STAGE@` in a file is replaced by the course root relative to the
#   staging folder (to include a course file by a relative path).
cmake_policy(VERSION 3.25)
foreach(var TOOL NVCC CXX CUDA_INCLUDE ARCH SOURCE_DIR WORK LAB FILES EXPECT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_case.cmake needs -D${var}=...")
  endif()
endforeach()
string(REPLACE "|" ";" FILES "${FILES}")
set(lab_dir "${SOURCE_DIR}/labs/${LAB}")
set(stage "${WORK}/stage")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${stage}")
file(READ "${lab_dir}/lab.h" lab_h)
file(WRITE "${stage}/lab.h" "#line 1 \"${lab_dir}/lab.h\"\n${lab_h}")
file(RELATIVE_PATH course_from_stage "${stage}" "${SOURCE_DIR}")

separate_arguments(extra_flags UNIX_COMMAND "${FLAGS}")
set(expectations "")
set(tool_args "")
foreach(source IN LISTS FILES)
  file(READ "${source}" text)
  get_filename_component(name "${source}" NAME)
  if(text MATCHES "// as: ([^\n]+)")
    set(name "${CMAKE_MATCH_1}")
  endif()
  string(REGEX MATCHALL "// expect: [^\n]+" lines "${text}")
  foreach(line IN LISTS lines)
    string(REPLACE "// expect: " "" line "${line}")
    list(APPEND expectations "${line}")
  endforeach()
  string(REPLACE "@COURSE_FROM_STAGE@" "${course_from_stage}" text "${text}")
  file(WRITE "${stage}/${name}" "${text}")

  set(object "${WORK}/${name}.o")
  if(name MATCHES "\\.cu$")
    set(compile "${NVCC}" ${extra_flags} -std=c++17 -arch=sm_${ARCH} -I "${stage}" -c "${stage}/${name}" -o "${object}"
                -Xcompiler=-ffunction-sections -MD -MF "${object}.d")
  else()
    set(compile "${CXX}" ${extra_flags} -std=c++17 -I "${stage}" -isystem "${CUDA_INCLUDE}" -c "${stage}/${name}" -o "${object}"
                -ffunction-sections -MD -MF "${object}.d")
  endif()
  list(JOIN compile " " shown)
  message(STATUS "${shown}")
  execute_process(COMMAND ${compile} WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} does not compile (${rc}): a test file must compile to test the contract\n${out}${err}")
  endif()
  set(depfile "${object}.d")
  if(DEPS STREQUAL "ninja")
    file(READ "${object}.d" make_deps)
    string(REGEX REPLACE "\\\\\r?\n" " " make_deps "${make_deps}")
    string(REGEX REPLACE "^[^:]*: " "" make_deps "${make_deps}")
    string(REGEX REPLACE "[ \t\r\n]+" ";" make_deps "${make_deps}")
    list(REMOVE_ITEM make_deps "")
    list(LENGTH make_deps n_deps)
    set(listing "${name}.o: #deps ${n_deps}, deps mtime 1 (VALID)\n")
    foreach(dep IN LISTS make_deps)
      string(APPEND listing "    ${dep}\n")
    endforeach()
    set(depfile "${object}.ninja-deps")
    file(WRITE "${depfile}" "${listing}")
  endif()
  list(APPEND tool_args --file "${name}" "${object}" "${depfile}")
endforeach()

execute_process(
  COMMAND "${TOOL}" --contract "${lab_dir}/contract.json" --lab-header "${stage}/lab.h" ${tool_args}
          --out "${WORK}/result.json"
  WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "memlab-contract exited ${rc}:\n${err}")
if(NOT EXISTS "${WORK}/result.json")
  message(FATAL_ERROR "memlab-contract wrote no result.json")
endif()
file(READ "${WORK}/result.json" result)
string(JSON result_ok GET "${result}" ok)
string(JSON n_violations LENGTH "${result}" violations)

if(EXPECT STREQUAL "ok")
  if(NOT rc EQUAL 0 OR NOT result_ok OR NOT n_violations EQUAL 0)
    message(FATAL_ERROR "expected the contract to hold (exit 0), got exit ${rc}:\n${result}")
  endif()
  return()
endif()

# A violation: exit 1, ok false, and every expectation named by some violation.
if(NOT rc EQUAL 1 OR result_ok OR n_violations EQUAL 0)
  message(FATAL_ERROR "expected a violation (exit 1), got exit ${rc}:\n${result}")
endif()
if(NOT expectations)
  message(FATAL_ERROR "${FILES} has no `// expect:` line: the test could not fail for the right reason")
endif()
set(violations "")
math(EXPR last "${n_violations} - 1")
foreach(i RANGE ${last})
  string(JSON v GET "${result}" violations ${i})
  string(APPEND violations "${v}\n")
endforeach()
foreach(expected IN LISTS expectations)
  string(FIND "${violations}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "no violation says '${expected}'; the violations were:\n${violations}")
  endif()
  string(FIND "${err}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "'${expected}' is in result.json but was not printed to stderr:\n${err}")
  endif()
endforeach()
