# Writes CMakePresets.json from the labs that exist:
#   cmake -P cmake/GeneratePresets.cmake                 (from the repository root)
#   cmake -DCHECK_ONLY=ON -P cmake/GeneratePresets.cmake (fail if the committed file is stale)
#   cmake -DSOURCE_DIR=DIR -DSTUDENT_COPY=ON -P cmake/GeneratePresets.cmake
#                                                        (the presets of a student copy)
# Every lab NN gets labNN and labNN-solution configure/build/test/workflow presets.
# A student copy (memlab-course export-student) has no solutions/, so it gets no preset that
# builds them: no labNN-solution, all-solution or ci, and no instructor preset (the instructor's
# tools need solutions/). STUDENT_COPY is ON by default in a tree without solutions/, so the
# copy regenerates its own presets unchanged.
if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
endif()
if(NOT DEFINED STUDENT_COPY)
  if(EXISTS "${SOURCE_DIR}/solutions")
    set(STUDENT_COPY OFF)
  else()
    set(STUDENT_COPY ON)
  endif()
endif()

file(GLOB manifests "${SOURCE_DIR}/labs/[0-9][0-9]-*/lab.json")
list(SORT manifests)
set(numbers "")
foreach(manifest IN LISTS manifests)
  get_filename_component(folder "${manifest}" DIRECTORY)
  get_filename_component(folder "${folder}" NAME)
  string(SUBSTRING "${folder}" 0 2 number)
  list(APPEND numbers ${number})
endforeach()

# name | display name | cache variables as JSON members
set(rows "")
foreach(n IN LISTS numbers)
  list(APPEND rows "lab${n}|Lab ${n}: your files (starter)|\"MEMLAB_LABS\": \"${n}\", \"MEMLAB_SOLUTION\": \"OFF\"")
  if(NOT STUDENT_COPY)
    list(APPEND rows "lab${n}-solution|Lab ${n}: reference solution|\"MEMLAB_LABS\": \"${n}\", \"MEMLAB_SOLUTION\": \"ON\"")
  endif()
endforeach()
list(APPEND rows "all|Every lab: your files|\"MEMLAB_LABS\": \"all\", \"MEMLAB_SOLUTION\": \"OFF\"")
if(NOT STUDENT_COPY)
  list(APPEND rows "all-solution|Every lab: reference solutions|\"MEMLAB_LABS\": \"all\", \"MEMLAB_SOLUTION\": \"ON\"")
  list(APPEND rows "ci|The course's own test suite (CPU tests run, GPU tests skip without a GPU)|\"MEMLAB_LABS\": \"all\", \"MEMLAB_SOLUTION\": \"ON\", \"MEMLAB_BUILD_TESTS\": \"ON\", \"MEMLAB_BUILD_DOCS\": \"ON\", \"MEMLAB_BUILD_BENCHMARKS\": \"ON\", \"MEMLAB_ARCHITECTURE_ENDS\": \"ON\", \"MEMLAB_WERROR\": \"ON\", \"MEMLAB_TEST_SANITIZERS\": \"ON\"")
  # The course's CPU-testable grading parts under AddressSanitizer and UBSan
  # (cmake/MemlabWarnings.cmake): the checker library, its tools and unit tests; no lab (their
  # check programs add a long CUDA build and grade nothing more on the CPU), and not the course
  # site (a fifth of this tree's build, on a 2-core CI machine that has 45 minutes; its tests run
  # in the ci tree). ci runs it as the test course.sanitizers.
  list(APPEND rows "asan|The course's CPU tests under AddressSanitizer and UBSan (no lab, no site)|\"CMAKE_BUILD_TYPE\": \"Debug\", \"MEMLAB_LABS\": \"none\", \"MEMLAB_BUILD_TESTS\": \"ON\", \"MEMLAB_BUILD_DOCS\": \"OFF\", \"MEMLAB_SANITIZE\": \"ON\"")
endif()
list(APPEND rows "docs|Course site and slides (no lab is built)|\"MEMLAB_LABS\": \"none\", \"MEMLAB_BUILD_DOCS\": \"ON\"")

set(asan_options "protect_shadow_gap=0:detect_leaks=1:halt_on_error=1:check_initialization_order=1:strict_init_order=1")
set(configure "")
set(build "")
set(test "")
set(workflow "")
foreach(row IN LISTS rows)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 name)
  list(GET fields 1 display)
  list(GET fields 2 cache)
  string(APPEND configure ",\n    {\"name\": \"${name}\", \"inherits\": \"base\", \"displayName\": \"${display}\", \"cacheVariables\": {${cache}}}")
  string(APPEND build ",\n    {\"name\": \"${name}\", \"configurePreset\": \"${name}\"}")
  if(name STREQUAL "ci")
    # The course's tests use both cores of a CI machine; builds and GPU suites still run one at
    # a time (their tests hold resource locks).
    string(APPEND test ",\n    {\"name\": \"${name}\", \"configurePreset\": \"${name}\", \"inherits\": \"base\", \"execution\": {\"noTestsAction\": \"error\", \"jobs\": 2}}")
  elseif(name STREQUAL "asan")
    # The CPU tests only. The CUDA runtime maps memory where ASan keeps its shadow gap
    # (protect_shadow_gap=0); every finding ends the program with a non-zero status. Left out:
    # the tests whose work is a nested, uninstrumented build of a copy of the course (the ci
    # preset runs them; here they would add a quarter of an hour and test no sanitized code
    # beyond a few tool calls), and counters.metric_names: CUPTI dlopens libnvperf_host.so with
    # RTLD_DEEPBIND, which the ASan runtime refuses.
    string(APPEND test ",\n    {\"name\": \"${name}\", \"configurePreset\": \"${name}\", \"inherits\": \"base\", \"filter\": {\"include\": {\"label\": \"cpu\"}, \"exclude\": {\"name\": \"^(counters[.]metric_names|course[.](new_lab_scaffold|student_loop)|instructor[.](export_student|grade_class|gradescope|slurm_batch|calibrate_without_gpu))$\"}}, \"environment\": {\"ASAN_OPTIONS\": \"${asan_options}\", \"UBSAN_OPTIONS\": \"print_stacktrace=1:halt_on_error=1\"}, \"execution\": {\"noTestsAction\": \"error\", \"jobs\": 2}}")
  else()
    string(APPEND test ",\n    {\"name\": \"${name}\", \"configurePreset\": \"${name}\", \"inherits\": \"base\"}")
  endif()
  string(APPEND workflow ",\n    {\"name\": \"${name}\", \"steps\": [{\"type\": \"configure\", \"name\": \"${name}\"}, {\"type\": \"build\", \"name\": \"${name}\"}, {\"type\": \"test\", \"name\": \"${name}\"}]}")
endforeach()

# The instructor's tools alone (memlab-course and what it runs): configure and build, no tests.
if(NOT STUDENT_COPY)
  string(APPEND configure ",\n    {\"name\": \"instructor\", \"inherits\": \"base\", \"displayName\": \"The instructor's tools (memlab-course); no lab is built\", \"cacheVariables\": {\"MEMLAB_LABS\": \"none\"}}")
  string(APPEND build ",\n    {\"name\": \"instructor\", \"configurePreset\": \"instructor\", \"targets\": [\"memlab-course\", \"memlab-judge\", \"memlab-report\", \"memlab-contract\"]}")
endif()

string(SUBSTRING "${build}" 1 -1 build)
string(SUBSTRING "${workflow}" 1 -1 workflow)

set(content "{
  \"version\": 6,
  \"cmakeMinimumRequired\": {\"major\": 3, \"minor\": 25, \"patch\": 0},
  \"configurePresets\": [
    {\"name\": \"base\", \"hidden\": true, \"generator\": \"Ninja\", \"binaryDir\": \"\${sourceDir}/build/\${presetName}\",
     \"cacheVariables\": {\"CMAKE_BUILD_TYPE\": \"Release\"}}${configure}
  ],
  \"buildPresets\": [${build}
  ],
  \"testPresets\": [
    {\"name\": \"base\", \"hidden\": true, \"output\": {\"outputOnFailure\": true, \"verbosity\": \"default\"},
     \"execution\": {\"noTestsAction\": \"error\"}}${test}
  ],
  \"workflowPresets\": [${workflow}
  ]
}
")

set(target "${SOURCE_DIR}/CMakePresets.json")
set(kind "")
if(STUDENT_COPY)
  set(kind " (a student copy: no preset builds solutions/)")
endif()
if(CHECK_ONLY)
  file(READ "${target}" current)
  if(NOT current STREQUAL content)
    message(FATAL_ERROR "CMakePresets.json is out of date with labs/: run `cmake -P cmake/GeneratePresets.cmake` and commit it.")
  endif()
  message(STATUS "CMakePresets.json matches labs/ (${numbers})${kind}")
else()
  file(WRITE "${target}" "${content}")
  message(STATUS "Wrote CMakePresets.json for labs: ${numbers}${kind}")
endif()
