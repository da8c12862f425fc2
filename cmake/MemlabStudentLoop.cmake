# What a plain `ctest` does and prints around the grading tests, so that every run says what it
# graded and ends with the result:
#   labNN.clear       the first test of each lab: every run starts from an empty set of the lab's
#                     results (parts, reports, gradescope.json), so that no report or score of an
#                     earlier run can be read as this run's, even when this run cannot grade
#   build.grading     the grading tools (memlab-judge, memlab-report, memlab-contract), the checker
#                     library, each lab's check program and the recorder's course half, for this
#                     build's CUDA architectures, in one
#                     build, so that the tools and the checker compile side by side (the slow part
#                     of the first run; later runs rebuild what changed)
#   build.everything  the rest of the tree (unit tests, site, benchmarks), in the course's own builds only
#   a banner          printed when ctest loads the tests: which lab and which files this tree grades
#   the reports       printed after the last test (CTestCustom.cmake): each graded lab's report,
#                     or the reason it has none
# and it points the repository root's CTestTestfile.cmake at this tree (build/memlab-root.cmake).

# Called by memlab_add_lab_variant: the test that empties one lab's results, which every other
# test of that lab requires (fixture <test prefix>_cleared).
function(memlab_add_lab_clear_test test_prefix lab results_dir labels)
  add_test(NAME ${test_prefix}.clear
           COMMAND "${CMAKE_COMMAND}" -DRESULTS_DIR=${results_dir} -DLAB=${lab}
                   -P "${MEMLAB_CMAKE_DIR}/MemlabClearResults.cmake")
  set_tests_properties(${test_prefix}.clear PROPERTIES FIXTURES_SETUP "${test_prefix}_cleared" LABELS "${labels}")
endfunction()

# The tests that build the course's parts (fixture memlab_build), which every lab test requires:
# the grading tools, the checker library and the given labs' targets. One build command for all
# of them: two commands in a row (tools, then checker) made the first run wait for the sum of
# their critical paths, while one lets the build tool run both on all cores.
function(memlab_add_build_tests lab_targets)
  set(build_tests build.grading)
  set(targets memlab-judge memlab-report memlab-contract)
  if(lab_targets)
    list(APPEND targets memlab_check_main memlab_recorder ${lab_targets})
  endif()
  add_test(NAME build.grading COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_BINARY_DIR}" --target ${targets})
  if(MEMLAB_BUILD_TESTS OR MEMLAB_BUILD_DOCS OR MEMLAB_BUILD_BENCHMARKS)
    add_test(NAME build.everything COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_BINARY_DIR}")
    list(APPEND build_tests build.everything)
  endif()
  set(previous "")
  foreach(t IN LISTS build_tests)
    # One Ninja at a time in a build tree, even under ctest -j; each step after the one before.
    set_tests_properties(${t} PROPERTIES FIXTURES_SETUP memlab_build
                         LABELS "build;cpu" TIMEOUT 3600 RESOURCE_LOCK memlab_build_tree DEPENDS "${previous}")
    set(previous ${t})
  endforeach()
endfunction()

# "lab 04, your files labs/04-padding/transpose.cu" and the like: what this tree grades.
function(memlab_graded_description out)
  set(labs "${MEMLAB_GRADED_LABS}")
  string(REPLACE "lab" "" labs "${labs}")
  string(REPLACE "," ", " labs "${labs}")
  if(NOT MEMLAB_GRADED_LABS MATCHES ",")
    set(what "lab ${labs}")
  else()
    set(what "labs ${labs}")
  endif()
  memlab_build_variant(variant)
  if(variant STREQUAL "submission")
    set(text "${what}, the submission in ${MEMLAB_SUBMISSION_DIR}")
  elseif(variant STREQUAL "solution")
    set(text "${what}, the REFERENCE SOLUTION in solutions/ (not your files)")
  else()
    set(text "${what}, your files in labs/")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The files ctest reads: the banner (through the tree's TEST_INCLUDE_FILES), the post-test report
# command (CTestCustom.cmake in this tree) and the root's pointer to this tree.
function(memlab_write_ctest_files)
  if(MEMLAB_CLASS)
    # A grading tree of memlab-course: it runs each submission's tests itself and prints its own
    # summary. It lives outside the course tree and writes nothing into it.
    file(REMOVE "${CMAKE_BINARY_DIR}/CTestCustom.cmake")
    return()
  endif()
  file(RELATIVE_PATH tree "${PROJECT_SOURCE_DIR}" "${CMAKE_BINARY_DIR}")
  get_filename_component(tree_name "${CMAKE_BINARY_DIR}" NAME)
  set(started "${CMAKE_BINARY_DIR}/memlab-ctest-started")
  if(MEMLAB_BUILD_TESTS)
    set(banner "ctest runs the course's own test suite in ${tree}: unit tests, the reference solutions and the known-wrong submissions")
  elseif(MEMLAB_GRADED_LABS STREQUAL "")
    set(banner "ctest runs ${tree}: no lab is graded in this build")
  else()
    memlab_graded_description(what)
    set(banner "ctest grades ${what}; build folder ${tree}")
    memlab_build_variant(variant)
    if(variant STREQUAL "solution")
      string(REPLACE "-solution" "" own "${tree_name}")
      string(APPEND banner ". For your own files: cmake --preset ${own} && ctest")
    endif()
  endif()
  if(NOT MEMLAB_BUILD_TESTS AND NOT MEMLAB_GRADED_LABS STREQUAL "")
    message(STATUS "Next: ctest. It lists each step as it ends; the first run compiles the checker for CUDA "
                   "architecture(s) ${CMAKE_CUDA_ARCHITECTURES} (build.grading: minutes on a laptop), later runs "
                   "only what changed.")
  endif()
  # The time ctest loaded the tests: a report older than this is not this run's.
  file(WRITE "${CMAKE_BINARY_DIR}/memlab-banner.cmake"
    "# Written by CMake (cmake/MemlabStudentLoop.cmake); ctest includes it when it loads this tree's tests.\n"
    "message([==[${banner}]==])\n"
    "file(TOUCH [==[${started}]==])\n")
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY TEST_INCLUDE_FILES "${CMAKE_BINARY_DIR}/memlab-banner.cmake")

  if(NOT MEMLAB_BUILD_TESTS AND NOT MEMLAB_GRADED_LABS STREQUAL "")
    # CTEST_CUSTOM_POST_TEST is a list of command lines: one, without semicolons, quoted for spaces.
    set(show "\"${CMAKE_COMMAND}\" \"-DRESULTS_DIR=${CMAKE_BINARY_DIR}/results\" \"-DLABS=${MEMLAB_GRADED_LABS}\" \"-DSTARTED=${started}\" -P \"${MEMLAB_CMAKE_DIR}/MemlabShowReports.cmake\"")
    file(WRITE "${CMAKE_BINARY_DIR}/CTestCustom.cmake"
      "# Written by CMake (cmake/MemlabStudentLoop.cmake): after the tests, print this run's reports.\n"
      "set(CTEST_CUSTOM_POST_TEST [==[${show}]==])\n")
  else()
    file(REMOVE "${CMAKE_BINARY_DIR}/CTestCustom.cmake")
  endif()

  # ctest typed at the repository root reads its CTestTestfile.cmake (tracked), which runs the
  # tests of the tree this file names: the one configured last.
  # Only a tree inside the course points the root at itself: a build folder elsewhere (an
  # instructor's grading tree) must not redirect the students' ctest.
  if(NOT CMAKE_BINARY_DIR STREQUAL PROJECT_SOURCE_DIR AND NOT CMAKE_BINARY_DIR STREQUAL "${PROJECT_SOURCE_DIR}/build"
     AND NOT tree MATCHES "^\\.\\./")
    if(EXISTS "${PROJECT_SOURCE_DIR}/CMakePresets.json" AND tree STREQUAL "build/${tree_name}")
      set(again "cmake --preset ${tree_name}")
    else()
      set(again "cmake -S . -B ${tree}")
    endif()
    file(WRITE "${PROJECT_SOURCE_DIR}/build/memlab-root.cmake"
      "# Written by CMake when ${tree} was configured: ctest at the repository root runs its tests.\n"
      "# Configure another preset to point it elsewhere.\n"
      "set(MEMLAB_ROOT_BUILD [==[${CMAKE_BINARY_DIR}]==])\n"
      "set(MEMLAB_ROOT_CONFIGURE [==[${again}]==])\n")
    # ctest typed in build/ itself: say where it runs.
    file(WRITE "${PROJECT_SOURCE_DIR}/build/CTestTestfile.cmake"
      "# Written by CMake (cmake/MemlabStudentLoop.cmake).\n"
      "message(FATAL_ERROR \"Run ctest in the course's root folder, which grades the lab configured last:\\n  cd .. && ctest\")\n")
  endif()
endfunction()
