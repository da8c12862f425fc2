# A lab is a folder labs/NN-name/ holding:
#   lab.json       the manifest: number, title, the student's file(s), every check and its threshold
#   contract.json  what the student's files may define, include and reference (memlab-contract)
#   lab.h          the contract the student's file compiles against (and nothing else)
#   <student files>, named in lab.json
#   check.cpp (+ optional check_*.cpp / check_*.cu)  the checker, built against memlab::checker: its
#                  host code in .cpp files (g++ compiles them in half nvcc's time), kernels in .cu
#
# Grading one lab's files (a "variant": your files, the reference solution, a submission, or one
# of the course's known-wrong submissions) is, in ctest order:
#   <prefix>labNN.build    memlab-judge build: compiles the student files in a folder of their
#                          own, checks the submission contract on the objects, links the check
#                          program; a compile error or a violation is recorded, not fatal
#   <prefix>labNN.SUITE    memlab-judge suite: runs the check program (which only measures) and
#                          decides the verdicts from the manifest, whatever way the program ends
#   <prefix>labNN.report   memlab-report: merges this run's parts into the lab's report
# The checker's own objects are compiled once per lab and shared by every variant.

#
# lab.json is read by one C++ reader (checker/core/src/manifest.cpp; the format is in
# checker/core/include/memlab/manifest.h). CMake reads only the fields that have no default and
# that it needs at configure time: number, student_files and each check's suite. Everything else
# (kinds, gpu, parameters, thresholds, descriptions) is left to the reader, so that no second
# reading can disagree with it; the reader runs at build time (memlab-lab-header) and rejects a bad
# lab.json.

set(MEMLAB_SKIP_RETURN_CODE 77)
# The check suites, in the order ctest runs them: written here only. The first runs on the CPU,
# the others need a GPU. C++ code includes memlab/suites.h, generated from this list
# (checker/core/CMakeLists.txt).
set(MEMLAB_SUITES cpu correctness performance mechanism)
list(GET MEMLAB_SUITES 0 MEMLAB_CPU_SUITE)

# Which files this build grades: submission (MEMLAB_SUBMISSION_DIR), solution or starter.
function(memlab_build_variant out)
  if(MEMLAB_SUBMISSION_DIR)
    set(${out} submission PARENT_SCOPE)
  elseif(MEMLAB_SOLUTION)
    set(${out} solution PARENT_SCOPE)
  else()
    set(${out} starter PARENT_SCOPE)
  endif()
endfunction()

function(memlab_lab_student_dir out lab_folder)
  memlab_build_variant(variant)
  if(variant STREQUAL "submission")
    set(dir "${MEMLAB_SUBMISSION_DIR}/${lab_folder}")
  elseif(variant STREQUAL "solution")
    set(dir "${PROJECT_SOURCE_DIR}/solutions/${lab_folder}")
  else()
    set(dir "${PROJECT_SOURCE_DIR}/labs/${lab_folder}")
  endif()
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

# The check suites a lab's manifest uses, in the order ctest should run them.
function(memlab_lab_suites out manifest_json)
  string(JSON n_checks LENGTH "${manifest_json}" checks)
  set(used "")
  math(EXPR last "${n_checks} - 1")
  foreach(i RANGE ${last})
    string(JSON suite GET "${manifest_json}" checks ${i} suite)
    list(APPEND used "${suite}")
  endforeach()
  set(ordered "")
  foreach(suite IN LISTS MEMLAB_SUITES)
    if(suite IN_LIST used)
      list(APPEND ordered ${suite})
      list(REMOVE_ITEM used ${suite})
    endif()
  endforeach()
  if(used)
    message(FATAL_ERROR "lab.json names unknown check suites: ${used} (known: ${MEMLAB_SUITES})")
  endif()
  set(${out} "${ordered}" PARENT_SCOPE)
endfunction()

# The grading tree's commit, recorded in every report (git may be missing: a copy of the course).
function(memlab_tree_commit out)
  # Texts in both languages, for the report to pick one (checker/text/include/memlab/bilingual.h).
  string(ASCII 31 separator)
  set(commit "unknown (not a git checkout)${separator}未知（不是 git 检出的代码树）")
  find_package(Git QUIET)
  if(GIT_FOUND AND EXISTS "${PROJECT_SOURCE_DIR}/.git")
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}" rev-parse --short=12 HEAD
                    OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0)
      execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}" status --porcelain --untracked-files=no
                      OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      set(commit "${head}")
      if(dirty)
        set(commit "${head} (with uncommitted changes)${separator}${head}（有未提交的修改）")
      endif()
    endif()
  endif()
  set(${out} "${commit}" PARENT_SCOPE)
endfunction()

# The lab's checker, compiled once: its check.cpp / check_*.cpp / check_*.cu objects, shared by every variant.
function(memlab_add_lab_checker lab lab_dir)
  file(GLOB check_sources CONFIGURE_DEPENDS
       "${lab_dir}/check.cpp" "${lab_dir}/check_*.cpp" "${lab_dir}/check_*.cu")
  # lab_checks.h: the lab's check ids (lab::check::<id>) and parameters (lab::param::<name>),
  # generated from lab.json, so that a check the manifest does not declare does not compile.
  get_filename_component(lab_folder "${lab_dir}" NAME)
  set(generated_dir "${CMAKE_BINARY_DIR}/labs/${lab_folder}/generated")
  add_custom_command(OUTPUT "${generated_dir}/lab_checks.h"
    COMMAND memlab-lab-header --manifest "${lab_dir}/lab.json" --out "${generated_dir}/lab_checks.h"
    DEPENDS "${lab_dir}/lab.json" memlab-lab-header
    COMMENT "Generating ${lab}'s lab_checks.h from lab.json" VERBATIM)
  # In a target of its own: a command listed among the checker's sources would wait for every
  # library the checker links (memlab::checker and below) to be built, not only for
  # memlab-lab-header, and the checker's compile, which needs only headers, would wait with it.
  add_custom_target(${lab}_lab_checks_header DEPENDS "${generated_dir}/lab_checks.h")
  # student_proxy.cpp: the lab's student functions as the checker calls them (student::...), each
  # answered by the grading's recorder, never by the student's code in this program.
  add_library(${lab}_checker OBJECT ${check_sources} "${lab_dir}/student_proxy.cpp")
  add_dependencies(${lab}_checker ${lab}_lab_checks_header)
  target_include_directories(${lab}_checker PRIVATE "${lab_dir}" "${generated_dir}")
  target_link_libraries(${lab}_checker PRIVATE memlab::checker)
  set_target_properties(${lab}_checker PROPERTIES CUDA_RUNTIME_LIBRARY Shared)

  # The lab's check program, one for every variant: it links no object of any student. What a
  # variant's files do reaches it as data: the recorder's answers and plans, and the device code.
  add_executable(${lab}_check $<TARGET_OBJECTS:${lab}_checker>)
  set_target_properties(${lab}_check PROPERTIES EXCLUDE_FROM_ALL ON CUDA_RUNTIME_LIBRARY Shared LINKER_LANGUAGE CXX
                        OUTPUT_NAME "${lab}_check" RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
  target_link_libraries(${lab}_check PRIVATE memlab::check_main memlab::checker)
  # The recorder's side of the same functions: how to call each one (labs/NN-*/student_recorder.cpp).
  add_library(${lab}_recorder_calls OBJECT "${lab_dir}/student_recorder.cpp")
  target_include_directories(${lab}_recorder_calls PRIVATE "${lab_dir}")
  target_link_libraries(${lab}_recorder_calls PRIVATE memlab_recorder)
  set_target_properties(${lab}_recorder_calls PROPERTIES EXCLUDE_FROM_ALL ON)
endfunction()

# One variant of a lab: the student files of `student_dir` graded by the lab's checker.
#   PREFIX       test and target prefix ("" for the build's own lab; "wrong.<case>." for a
#                known-wrong submission)
#   VARIANT      starter, solution, submission, wrong or style (printed in every report)
#   RESULTS_DIR  where its reports go
#   LABEL        an extra ctest label
#   EXPECT       a known-wrong submission's expected.json, checked by the report step
#   PROBLEM      why the files cannot be built (a class submission with a missing or ambiguous
#                file): nothing is compiled, and every check fails with this reason
function(memlab_add_lab_variant lab_dir student_dir)
  cmake_parse_arguments(PARSE_ARGV 2 V "" "PREFIX;VARIANT;RESULTS_DIR;LABEL;EXPECT;PROBLEM" "")
  get_filename_component(lab_folder "${lab_dir}" NAME)
  file(READ "${lab_dir}/lab.json" manifest_json)
  string(JSON number GET "${manifest_json}" number)
  set(lab "lab${number}")
  string(REPLACE "." "_" tag "${V_PREFIX}${lab}")
  string(REPLACE "-" "_" tag "${tag}")
  # In the folder whose CMakeLists.txt adds the variant: CMake puts the objects of its targets
  # there, and the contract below finds them by that path.
  set(stage_dir "${CMAKE_CURRENT_BINARY_DIR}/submission/${V_PREFIX}${lab_folder}")
  if(V_PROBLEM)
    memlab_add_variant_tests("${lab_dir}" "${student_dir}" "${manifest_json}" "${tag}" "" "${V_PROBLEM}")
    return()
  endif()

  # The student's files are copied, with lab.h, into a folder of their own and compiled there:
  # its include path reaches lab.h and nothing else of the course (a grading tree holds
  # solutions/). A #line directive keeps the compiler's messages on the student's own path.
  string(JSON n_files LENGTH "${manifest_json}" student_files)
  math(EXPR last_file "${n_files} - 1")
  set(staged_sources "")
  set(contract_args "")
  set(student_sources "")
  add_custom_command(OUTPUT "${stage_dir}/lab.h"
    COMMAND "${CMAKE_COMMAND}" -DFROM=${lab_dir}/lab.h -DTO=${stage_dir}/lab.h -P "${MEMLAB_CMAKE_DIR}/MemlabStageFile.cmake"
    DEPENDS "${lab_dir}/lab.h" "${MEMLAB_CMAKE_DIR}/MemlabStageFile.cmake" VERBATIM)
  foreach(i RANGE ${last_file})
    string(JSON file GET "${manifest_json}" student_files ${i})
    if(NOT EXISTS "${student_dir}/${file}")
      message(FATAL_ERROR "${lab}: the student file ${student_dir}/${file} does not exist.")
    endif()
    list(APPEND student_sources "${student_dir}/${file}")
    add_custom_command(OUTPUT "${stage_dir}/${file}"
      COMMAND "${CMAKE_COMMAND}" -DFROM=${student_dir}/${file} -DTO=${stage_dir}/${file} -P "${MEMLAB_CMAKE_DIR}/MemlabStageFile.cmake"
      DEPENDS "${student_dir}/${file}" "${MEMLAB_CMAKE_DIR}/MemlabStageFile.cmake" VERBATIM)
    list(APPEND staged_sources "${stage_dir}/${file}")
  endforeach()
  add_library(${tag}_student OBJECT ${staged_sources} "${stage_dir}/lab.h")
  set_target_properties(${tag}_student PROPERTIES EXCLUDE_FROM_ALL ON CUDA_RUNTIME_LIBRARY Shared
                                                  MEMLAB_STUDENT_OBJECTS ON)
  # Graded code gets the course's warnings, never as errors (cmake/MemlabWarnings.cmake): a
  # student's file, a class submission, a known-wrong case. The reference solutions of a build
  # that grades them are the course's own code and must build clean.
  if(tag MATCHES "^wrong_" OR MEMLAB_SUBMISSION_DIR OR MEMLAB_CLASS OR NOT MEMLAB_SOLUTION)
    set_target_properties(${tag}_student PROPERTIES MEMLAB_GRADED_CODE ON)
  endif()
  target_include_directories(${tag}_student PRIVATE "${stage_dir}")
  if(V_VARIANT STREQUAL "wrong" OR V_VARIANT STREQUAL "style")
    # A known-wrong submission or other-style solution is graded, not shipped: one architecture (the newest of the list,
    # this GPU's own where there is one) keeps the course's test build short.
    list(GET CMAKE_CUDA_ARCHITECTURES -1 newest)
    string(REGEX REPLACE "-(real|virtual)$" "" newest "${newest}")  # "90-real" alone: SASS and PTX for 90
    set_target_properties(${tag}_student PROPERTIES CUDA_ARCHITECTURES "${newest}")
  endif()
  target_link_libraries(${tag}_student PRIVATE CUDA::cudart)
  if(MEMLAB_COMPILE_TIMEOUT GREATER 0)
    # A class grading tree: a file whose compile does not end is stopped, and is that student's
    # compile error (cmake/memlab-compile-limit.sh).
    set(limit "${MEMLAB_CMAKE_DIR}/memlab-compile-limit.sh;${MEMLAB_COMPILE_TIMEOUT}")
    set_target_properties(${tag}_student PROPERTIES CUDA_COMPILER_LAUNCHER "${limit}" CXX_COMPILER_LAUNCHER "${limit}")
  endif()
  # One section per function, so the contract can tell which function references what.
  target_compile_options(${tag}_student PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-ffunction-sections> $<$<COMPILE_LANGUAGE:CXX>:-ffunction-sections>)

  # The submission contract, checked on the compiled objects and the compiler's dependency
  # lists before anything of the student's runs. The check program links only when it holds.
  set(contract_result "${stage_dir}.contract.json")
  set(file_args "")
  set(contract_inputs "")
  foreach(i RANGE ${last_file})
    string(JSON file GET "${manifest_json}" student_files ${i})
    # Where CMake puts the object of a source inside the build tree.
    file(RELATIVE_PATH rel "${CMAKE_CURRENT_BINARY_DIR}" "${stage_dir}/${file}")
    set(object "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${tag}_student.dir/${rel}.o")
    # The compiler's list of every file the source includes, with the same include path as the
    # build (Ninja consumes the build's own depfiles, so the contract asks the compiler again).
    set(deps "${stage_dir}/${file}.deps")
    if(file MATCHES "\\.cu$")
      set(list_includes "${CMAKE_CUDA_COMPILER}" -std=c++17 -M -MF "${deps}" "-I${stage_dir}" "${stage_dir}/${file}")
    else()
      set(list_includes "${CMAKE_CXX_COMPILER}" -std=c++17 -M -MF "${deps}" "-I${stage_dir}" -isystem "${CUDAToolkit_INCLUDE_DIRS}"
          "${stage_dir}/${file}")
    endif()
    add_custom_command(OUTPUT "${deps}" COMMAND ${list_includes}
      DEPENDS "${stage_dir}/${file}" "${stage_dir}/lab.h" VERBATIM)
    list(APPEND file_args --file "${file}" "${object}" "${deps}")
    list(APPEND contract_inputs "${deps}")
  endforeach()
  add_custom_command(OUTPUT "${contract_result}"
    COMMAND memlab-contract --contract "${lab_dir}/contract.json" --lab-header "${stage_dir}/lab.h"
            ${file_args} --out "${contract_result}"
    DEPENDS $<TARGET_OBJECTS:${tag}_student> ${contract_inputs} "${lab_dir}/contract.json" memlab-contract
    COMMENT "Checking the submission contract of ${V_PREFIX}${lab}" VERBATIM COMMAND_EXPAND_LISTS)
  add_custom_target(${tag}_contract DEPENDS "${contract_result}")

  # The recorder: the only program of the grading that links the student's objects (and the
  # course's recorder, which measures and decides nothing). The check program asks it questions.
  add_executable(${tag}_recorder $<TARGET_OBJECTS:${tag}_student> $<TARGET_OBJECTS:${lab}_recorder_calls>)
  set_target_properties(${tag}_recorder PROPERTIES EXCLUDE_FROM_ALL ON CUDA_RUNTIME_LIBRARY Shared LINKER_LANGUAGE CXX
                        OUTPUT_NAME "${V_PREFIX}${lab}_recorder" RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
  target_link_libraries(${tag}_recorder PRIVATE memlab_recorder)
  add_dependencies(${tag}_recorder ${tag}_contract)

  # The student's device code, cut from the object the contract checked: the check program loads
  # it (cuLibraryLoadData) and launches the recorded plans with it.
  set(device_code "")
  foreach(i RANGE ${last_file})
    string(JSON file GET "${manifest_json}" student_files ${i})
    if(NOT file MATCHES "\\.cu$")
      continue()
    endif()
    file(RELATIVE_PATH rel "${CMAKE_CURRENT_BINARY_DIR}" "${stage_dir}/${file}")
    set(object "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${tag}_student.dir/${rel}.o")
    set(fatbin "${stage_dir}.device/${file}.fatbin")
    add_custom_command(OUTPUT "${fatbin}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${stage_dir}.device"
      COMMAND "${CMAKE_OBJCOPY}" -O binary --only-section=.nv_fatbin "${object}" "${fatbin}"
      DEPENDS $<TARGET_OBJECTS:${tag}_student>
      COMMENT "Cutting the device code of ${V_PREFIX}${lab}'s ${file}" VERBATIM COMMAND_EXPAND_LISTS)
    list(APPEND device_code "${fatbin}")
  endforeach()
  add_custom_target(${tag}_graded DEPENDS ${device_code})
  add_dependencies(${tag}_graded ${tag}_recorder ${lab}_check ${tag}_contract)
  if(TARGET memlab_class_programs)
    add_dependencies(memlab_class_programs ${tag}_graded)
  endif()
  set(V_RECORDER "$<TARGET_FILE:${tag}_recorder>")
  set(V_DEVICE_CODE "${device_code}")
  set(V_ANSWERS "${stage_dir}.answers/answers.jsonl")
  memlab_add_variant_tests("${lab_dir}" "${student_dir}" "${manifest_json}" "${tag}" "${contract_result}" "")
  set(MEMLAB_LAST_VARIANT_TAG "${tag}" PARENT_SCOPE)
endfunction()

# The tests of one variant: clear, build, one per suite, report. The V_* options of the caller
# (memlab_add_lab_variant) are visible here. `problem` set: nothing to build, the build step
# records it as the reason every check fails.
function(memlab_add_variant_tests lab_dir student_dir manifest_json tag contract_result problem)
  string(JSON number GET "${manifest_json}" number)
  set(lab "lab${number}")
  set(results_dir "${V_RESULTS_DIR}")
  memlab_tree_commit(commit)
  set(common_judge_args --lab-dir "${lab_dir}" --results-dir "${results_dir}" --student-dir "${student_dir}"
      --variant ${V_VARIANT} --tree-commit "${commit}")
  if(MEMLAB_THRESHOLDS)
    list(APPEND common_judge_args --thresholds "${MEMLAB_THRESHOLDS}")
  endif()

  # Before anything of the lab runs: its results of an earlier run are removed.
  memlab_add_lab_clear_test("${V_PREFIX}${lab}" ${lab} "${results_dir}" "${lab};cpu;${V_LABEL}")

  # The first test of the lab: compile, check the contract, link. Its failure for the student's
  # reasons is recorded for the report; it fails itself only when the course's own parts break.
  if(problem)
    add_test(NAME ${V_PREFIX}${lab}.build COMMAND memlab-judge build ${common_judge_args} --not-built "${problem}")
    set(program "${CMAKE_BINARY_DIR}/bin/${V_PREFIX}${lab}_check")  # never built: every check fails first
  else()
    add_test(NAME ${V_PREFIX}${lab}.build
      COMMAND memlab-judge build ${common_judge_args} --cmake "${CMAKE_COMMAND}" --binary-dir "${CMAKE_BINARY_DIR}"
              --target ${tag}_graded --contract-result "${contract_result}" --answers "${V_ANSWERS}")
    set(program "$<TARGET_FILE:${lab}_check>")
    list(APPEND common_judge_args --answers "${V_ANSWERS}" --recorder "${V_RECORDER}")
    foreach(code IN LISTS V_DEVICE_CODE)
      list(APPEND common_judge_args --device-code "${code}")
    endforeach()
  endif()
  set_property(GLOBAL APPEND PROPERTY MEMLAB_BUILT_FIXTURES "${V_PREFIX}${lab}_built")
  set_tests_properties(${V_PREFIX}${lab}.build PROPERTIES
    FIXTURES_SETUP "${V_PREFIX}${lab}_built" FIXTURES_REQUIRED "${V_PREFIX}${lab}_cleared;memlab_build"
    LABELS "${lab};cpu;${V_LABEL}" TIMEOUT 1800
    RESOURCE_LOCK memlab_build_tree)  # one Ninja at a time in a build tree, even under ctest -j

  memlab_lab_suites(suites "${manifest_json}")
  foreach(suite IN LISTS suites)
    set(test_args suite ${common_judge_args} --suite ${suite} --program "${program}")
    if(V_EXPECT)
      list(APPEND test_args --verdicts-in-report)
    endif()
    if(MEMLAB_JUNIT)
      list(APPEND test_args -- --reporters=junit "--out=${results_dir}/${lab}.${suite}.junit.xml")
    endif()
    add_test(NAME ${V_PREFIX}${lab}.${suite} COMMAND memlab-judge ${test_args})
    if(suite STREQUAL MEMLAB_CPU_SUITE)
      set(labels "${lab};cpu;${V_LABEL}")
    else()
      set(labels "${lab};gpu;${V_LABEL}")
      # Two gradings on one GPU disturb each other's timings: GPU suites run one at a time even
      # under ctest -j (builds and CPU suites still run in parallel).
      set_tests_properties(${V_PREFIX}${lab}.${suite} PROPERTIES RESOURCE_LOCK memlab_gpu)
    endif()
    set_tests_properties(${V_PREFIX}${lab}.${suite} PROPERTIES
      FIXTURES_REQUIRED "${V_PREFIX}${lab}_cleared;memlab_build;${V_PREFIX}${lab}_built;${V_PREFIX}${lab}_checks"
      SKIP_RETURN_CODE ${MEMLAB_SKIP_RETURN_CODE}
      LABELS "${labels}"
      TIMEOUT 900)
  endforeach()

  # Runs after the lab's checks, pass or fail: merges this run's parts into one report.
  set(expect_args "")
  if(V_EXPECT)
    set(expect_args --expect "${V_EXPECT}")  # a known-wrong submission: its verdicts are checked too
  endif()
  add_test(NAME ${V_PREFIX}${lab}.report
    COMMAND memlab-report --lab ${lab} --lab-dir "${lab_dir}" --results-dir "${results_dir}"
            --labs "${MEMLAB_GRADED_LABS}" ${expect_args})
  set_tests_properties(${V_PREFIX}${lab}.report PROPERTIES
    FIXTURES_CLEANUP "${V_PREFIX}${lab}_checks" FIXTURES_REQUIRED "${V_PREFIX}${lab}_cleared;memlab_build;${V_PREFIX}${lab}_built"
    LABELS "${lab};cpu;${V_LABEL}")
endfunction()

function(memlab_add_lab lab_dir)
  get_filename_component(lab_folder "${lab_dir}" NAME)
  set(manifest "${lab_dir}/lab.json")
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               "${manifest}" "${lab_dir}/contract.json")
  file(READ "${manifest}" manifest_json)
  string(JSON number GET "${manifest_json}" number)
  set(lab "lab${number}")

  memlab_add_lab_checker(${lab} "${lab_dir}")
  if(MEMLAB_CLASS)
    return()  # a class grading tree grades the class's submissions only (cmake/MemlabClass.cmake)
  endif()
  memlab_lab_student_dir(student_dir "${lab_folder}")
  memlab_build_variant(variant)
  memlab_add_lab_variant("${lab_dir}" "${student_dir}" VARIANT ${variant} RESULTS_DIR "${CMAKE_BINARY_DIR}/results")

  # The course's own test build grades the solutions; it compiles the starters as well, so that a
  # change to lab.h cannot break the files students start from without anyone seeing it.
  if(MEMLAB_BUILD_TESTS AND NOT student_dir STREQUAL "${lab_dir}")
    string(JSON n_files LENGTH "${manifest_json}" student_files)
    math(EXPR last_file "${n_files} - 1")
    set(starter_sources "")
    foreach(i RANGE ${last_file})
      string(JSON file GET "${manifest_json}" student_files ${i})
      list(APPEND starter_sources "${lab_dir}/${file}")
    endforeach()
    add_library(${lab}_starter_compiles OBJECT ${starter_sources})
    target_include_directories(${lab}_starter_compiles PRIVATE "${lab_dir}")
    target_link_libraries(${lab}_starter_compiles PRIVATE CUDA::cudart)
  endif()
endfunction()

# The course's known submissions: solutions/wrong/ (known-wrong: tests wrong.<case>.*, label
# wrong) and solutions/other-styles/ (honest solutions in other styles: tests style.<case>.*,
# label style). A case holds the student files it is about, in <NN>-<case>/<lab folder>/, and is
# graded as a variant of its lab; its report step fails unless the verdicts are those its
# expected.json lists.
function(memlab_add_known_submissions folder prefix label)
  file(GLOB expectations CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/solutions/${folder}/*/expected.json")
  list(SORT expectations)
  set(contained_cases "")
  set(contained_reports "")
  foreach(expected IN LISTS expectations)
    get_filename_component(case_dir "${expected}" DIRECTORY)
    get_filename_component(case "${case_dir}" NAME)
    file(READ "${expected}" expected_json)
    string(JSON number GET "${expected_json}" lab)
    file(GLOB lab_dirs "${PROJECT_SOURCE_DIR}/labs/${number}-*")
    if(NOT lab_dirs)
      message(FATAL_ERROR "${expected}: lab ${number} does not exist")
    endif()
    list(GET lab_dirs 0 lab_dir)
    if(NOT TARGET lab${number}_checker)
      continue()  # the lab is not built in this tree
    endif()
    get_filename_component(lab_folder "${lab_dir}" NAME)
    # A case holds only the files it is about: every other student file of its lab comes from
    # the reference solution. The case is graded from a folder that holds both.
    set(submission "${CMAKE_BINARY_DIR}/${folder}/${case}/submission/${lab_folder}")
    file(READ "${lab_dir}/lab.json" manifest_json)
    string(JSON n_files LENGTH "${manifest_json}" student_files)
    math(EXPR last_file "${n_files} - 1")
    set(own "")
    foreach(i RANGE ${last_file})
      string(JSON file GET "${manifest_json}" student_files ${i})
      if(EXISTS "${case_dir}/${lab_folder}/${file}")
        configure_file("${case_dir}/${lab_folder}/${file}" "${submission}/${file}" COPYONLY)
        list(APPEND own "${file}")
      else()
        configure_file("${PROJECT_SOURCE_DIR}/solutions/${lab_folder}/${file}" "${submission}/${file}" COPYONLY)
      endif()
    endforeach()
    if(NOT own)
      message(FATAL_ERROR "${case_dir}/${lab_folder}/ holds none of the lab's student files")
    endif()
    set(results "${CMAKE_BINARY_DIR}/${folder}/${case}/results")
    # For a gradescope.json of its own, each case is the only lab of its results folder.
    set(MEMLAB_GRADED_LABS "lab${number}")
    memlab_add_lab_variant("${lab_dir}" "${submission}" PREFIX "${prefix}.${case}." VARIANT ${label}
                           RESULTS_DIR "${results}" LABEL ${label} EXPECT "${expected}")
    string(JSON class GET "${expected_json}" class)
    if(class STREQUAL "containment")
      list(APPEND contained_cases "${case}")
      list(APPEND contained_reports "${prefix}.${case}.lab${number}.report")
    endif()
  endforeach()
  set(contained_cases "${contained_cases}" PARENT_SCOPE)
  set(contained_reports "${contained_reports}" PARENT_SCOPE)
endfunction()

function(memlab_add_wrong_submissions)
  memlab_add_known_submissions(wrong wrong wrong)
  memlab_add_known_submissions(other-styles style style)
  # After every variant's build step: no program that measures, checks or judges holds a symbol
  # that a student object defines (only the recorders link student objects).
  get_property(built GLOBAL PROPERTY MEMLAB_BUILT_FIXTURES)
  if(built)  # a tree without labs (the asan preset) has no student object to look for
    add_test(NAME course.no_student_symbols
      COMMAND "${PROJECT_SOURCE_DIR}/checker/tests/run_no_student_symbols.sh" "${CMAKE_BINARY_DIR}")
    set_tests_properties(course.no_student_symbols PROPERTIES FIXTURES_REQUIRED "${built}" LABELS "cpu;wrong")
  endif()
  # After the cases that try to outlive their step or write outside it: nothing of theirs runs
  # on, and no file they tried to leave exists (checker/tests/run_containment_aftermath.sh).
  if(contained_cases)
    add_test(NAME wrong.containment_aftermath
      COMMAND "${PROJECT_SOURCE_DIR}/checker/tests/run_containment_aftermath.sh" "${CMAKE_BINARY_DIR}" "${PROJECT_SOURCE_DIR}"
              ${contained_cases})
    set_tests_properties(wrong.containment_aftermath PROPERTIES DEPENDS "${contained_reports}" LABELS "cpu;wrong")
  endif()
endfunction()

function(memlab_add_selected_labs)
  file(GLOB manifests CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/labs/[0-9][0-9]-*/lab.json")
  list(SORT manifests)
  set(selected "")
  foreach(manifest IN LISTS manifests)
    get_filename_component(lab_dir "${manifest}" DIRECTORY)
    get_filename_component(lab_folder "${lab_dir}" NAME)
    string(SUBSTRING "${lab_folder}" 0 2 number)
    if(MEMLAB_LABS STREQUAL "none")
      break()
    elseif(MEMLAB_LABS STREQUAL "all" OR number IN_LIST MEMLAB_LABS)
      list(APPEND selected "${lab_dir}")
    endif()
  endforeach()
  # gradescope.json sums exactly the labs this build grades.
  set(MEMLAB_GRADED_LABS "")
  set(added "")
  foreach(lab_dir IN LISTS selected)
    get_filename_component(lab_folder "${lab_dir}" NAME)
    string(SUBSTRING "${lab_folder}" 0 2 number)
    list(APPEND MEMLAB_GRADED_LABS "lab${number}")
    list(APPEND added ${number})
  endforeach()
  string(REPLACE ";" "," MEMLAB_GRADED_LABS "${MEMLAB_GRADED_LABS}")
  # The tests that build the course's parts come first (cmake/MemlabStudentLoop.cmake).
  # Each lab's check program and the recorder's course half are built there too: neither holds
  # a student's object, so a student's build step only compiles, checks and links their files.
  set(lab_targets "")
  foreach(number IN LISTS added)
    list(APPEND lab_targets lab${number}_checker lab${number}_check lab${number}_recorder_calls)
  endforeach()
  memlab_add_build_tests("${lab_targets}")
  foreach(lab_dir IN LISTS selected)
    memlab_add_lab("${lab_dir}")
  endforeach()
  if(NOT MEMLAB_LABS STREQUAL "all" AND NOT MEMLAB_LABS STREQUAL "none")
    foreach(wanted IN LISTS MEMLAB_LABS)
      if(NOT wanted IN_LIST added)
        message(FATAL_ERROR "MEMLAB_LABS names lab ${wanted}, but labs/ has no folder ${wanted}-*/ with a lab.json.")
      endif()
    endforeach()
  endif()
  message(STATUS "Labs: ${added}")
  if(MEMLAB_CLASS)
    memlab_add_class_submissions()
  endif()
  if(MEMLAB_BUILD_TESTS OR MEMLAB_WRONG_SUBMISSIONS)
    memlab_add_wrong_submissions()
  endif()

  # What ctest prints around the tests (cmake/MemlabStudentLoop.cmake).
  memlab_write_ctest_files()
endfunction()
