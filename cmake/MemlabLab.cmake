# A lab is a folder labs/NN-name/ holding:
#   lab.json   the manifest: number, title, the student's file(s), every check and its threshold
#   lab.h      the contract the student's file compiles against (and nothing else)
#   <student files>, named in lab.json
#   check.cu (+ optional check_*.cu / check_*.cpp)   the checker, built against memlab::checker
# Adding a lab means adding such a folder; nothing here changes.

set(MEMLAB_SKIP_RETURN_CODE 77)

function(memlab_lab_student_dir out lab_folder)
  if(MEMLAB_SUBMISSION_DIR)
    set(dir "${MEMLAB_SUBMISSION_DIR}/${lab_folder}")
  elseif(MEMLAB_SOLUTION)
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
  foreach(suite IN ITEMS cpu correctness performance mechanism)
    if(suite IN_LIST used)
      list(APPEND ordered ${suite})
      list(REMOVE_ITEM used ${suite})
    endif()
  endforeach()
  if(used)
    message(FATAL_ERROR "lab.json names unknown check suites: ${used} (known: cpu correctness performance mechanism)")
  endif()
  set(${out} "${ordered}" PARENT_SCOPE)
endfunction()

function(memlab_add_lab lab_dir)
  get_filename_component(lab_folder "${lab_dir}" NAME)
  set(manifest "${lab_dir}/lab.json")
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${manifest}")
  file(READ "${manifest}" manifest_json)
  string(JSON number GET "${manifest_json}" number)
  set(lab "lab${number}")

  memlab_lab_student_dir(student_dir "${lab_folder}")
  string(JSON n_files LENGTH "${manifest_json}" student_files)
  math(EXPR last_file "${n_files} - 1")
  set(student_sources "")
  foreach(i RANGE ${last_file})
    string(JSON file GET "${manifest_json}" student_files ${i})
    if(NOT EXISTS "${student_dir}/${file}")
      message(FATAL_ERROR "${lab}: the student file ${student_dir}/${file} does not exist.")
    endif()
    list(APPEND student_sources "${student_dir}/${file}")
  endforeach()

  # The student's translation units see lab.h and the CUDA runtime, never the checker.
  add_library(${lab}_student STATIC ${student_sources})
  target_include_directories(${lab}_student PRIVATE "${lab_dir}")
  target_link_libraries(${lab}_student PRIVATE CUDA::cudart)
  set_target_properties(${lab}_student PROPERTIES CUDA_RUNTIME_LIBRARY Shared)

  # The course's own test build grades the solutions; it compiles the starters as well, so that a
  # change to lab.h cannot break the files students start from without anyone seeing it.
  if(MEMLAB_BUILD_TESTS AND NOT student_dir STREQUAL "${lab_dir}")
    set(starter_sources "")
    foreach(i RANGE ${last_file})
      string(JSON file GET "${manifest_json}" student_files ${i})
      list(APPEND starter_sources "${lab_dir}/${file}")
    endforeach()
    add_library(${lab}_starter_compiles OBJECT ${starter_sources})
    target_include_directories(${lab}_starter_compiles PRIVATE "${lab_dir}")
    target_link_libraries(${lab}_starter_compiles PRIVATE CUDA::cudart)
  endif()

  file(GLOB check_sources CONFIGURE_DEPENDS
       "${lab_dir}/check.cu" "${lab_dir}/check_*.cu" "${lab_dir}/check_*.cpp")
  add_executable(${lab}_check ${check_sources})
  target_include_directories(${lab}_check PRIVATE "${lab_dir}")
  target_link_libraries(${lab}_check PRIVATE memlab::check_main memlab::checker ${lab}_student)
  set_target_properties(${lab}_check PROPERTIES CUDA_RUNTIME_LIBRARY Shared)

  set(results_dir "${CMAKE_BINARY_DIR}/results")
  if(MEMLAB_SUBMISSION_DIR)
    set(variant submission)
  elseif(MEMLAB_SOLUTION)
    set(variant solution)
  else()
    set(variant starter)
  endif()
  set(common_args
      --lab-dir "${lab_dir}" --results-dir "${results_dir}"
      --student-dir "${student_dir}" --variant ${variant})
  if(MEMLAB_THRESHOLDS)
    list(APPEND common_args --thresholds "${MEMLAB_THRESHOLDS}")
  endif()

  memlab_lab_suites(suites "${manifest_json}")
  foreach(suite IN LISTS suites)
    set(test_args ${common_args} --suite ${suite})
    if(MEMLAB_JUNIT)
      list(APPEND test_args --reporters=junit "--out=${results_dir}/${lab}.${suite}.junit.xml")
    endif()
    add_test(NAME ${lab}.${suite} COMMAND ${lab}_check ${test_args})
    if(suite STREQUAL "cpu")
      set(labels "${lab};cpu")
    else()
      set(labels "${lab};gpu")
    endif()
    set_tests_properties(${lab}.${suite} PROPERTIES
      FIXTURES_REQUIRED "memlab_build;${lab}_checks"
      SKIP_RETURN_CODE ${MEMLAB_SKIP_RETURN_CODE}
      LABELS "${labels}"
      TIMEOUT 600)
  endforeach()

  # Runs after the lab's checks, pass or fail: merges their results into one report.
  add_test(NAME ${lab}.report COMMAND memlab-report --lab ${lab} --lab-dir "${lab_dir}" --results-dir "${results_dir}")
  set_tests_properties(${lab}.report PROPERTIES
    FIXTURES_CLEANUP "${lab}_checks" FIXTURES_REQUIRED memlab_build LABELS "${lab};cpu")
endfunction()

function(memlab_add_selected_labs)
  file(GLOB manifests CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/labs/[0-9][0-9]-*/lab.json")
  list(SORT manifests)
  set(added "")
  foreach(manifest IN LISTS manifests)
    get_filename_component(lab_dir "${manifest}" DIRECTORY)
    get_filename_component(lab_folder "${lab_dir}" NAME)
    string(SUBSTRING "${lab_folder}" 0 2 number)
    if(MEMLAB_LABS STREQUAL "none")
      break()
    elseif(MEMLAB_LABS STREQUAL "all" OR number IN_LIST MEMLAB_LABS)
      memlab_add_lab("${lab_dir}")
      list(APPEND added ${number})
    endif()
  endforeach()
  if(NOT MEMLAB_LABS STREQUAL "all" AND NOT MEMLAB_LABS STREQUAL "none")
    foreach(wanted IN LISTS MEMLAB_LABS)
      if(NOT wanted IN_LIST added)
        message(FATAL_ERROR "MEMLAB_LABS names lab ${wanted}, but labs/ has no folder ${wanted}-*/ with a lab.json.")
      endif()
    endforeach()
  endif()
  message(STATUS "Labs: ${added}")

  # The build runs as the first test, so that `cmake --preset labNN && ctest` builds too.
  add_test(NAME build COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_BINARY_DIR}")
  set_tests_properties(build PROPERTIES FIXTURES_SETUP memlab_build LABELS "build;cpu" TIMEOUT 3600)
endfunction()

# ctest typed at the repository root reads ./CTestTestfile.cmake: point it at the build tree
# configured last, so `cmake --preset lab03 && ctest` runs lab 03's checks.
function(memlab_write_root_ctest_file)
  if(CMAKE_BINARY_DIR STREQUAL PROJECT_SOURCE_DIR)
    return()
  endif()
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${CMAKE_BINARY_DIR}")
  file(WRITE "${PROJECT_SOURCE_DIR}/CTestTestfile.cmake"
    "# Written by CMake when ${rel} was configured; ctest at the repository root runs its tests.\n"
    "# Not tracked by git. Configure another preset to point it elsewhere.\n"
    "subdirs(\"${rel}\")\n")
endfunction()
