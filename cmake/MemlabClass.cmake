# A class grading tree (memlab-course grade / grade-class): a build folder of the pristine course,
# outside it, that grades the submissions a class file lists instead of the course's own files.
#   MEMLAB_CLASS            the class file memlab-course writes:
#                           {"lab": "04", "results_root": DIR,
#                            "submissions": [{"id", "dir", "variant", "problem"}, ...]}
#   MEMLAB_COMPILE_TIMEOUT  seconds one student file may compile (0: no limit)
# Each submission's tests live in a folder of their own, <tree>/class/<id>/, so that memlab-course
# runs one submission with `ctest --test-dir <tree>/class/<id>`. The lab's checker is compiled
# once for the whole class; each submission compiles only its own files. The target
# memlab_class_programs builds every submission's check program (memlab-course builds it with
# -k 0, in parallel, before any check runs).

function(memlab_add_class_submissions)
  file(READ "${MEMLAB_CLASS}" class_json)
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${MEMLAB_CLASS}")
  string(JSON number GET "${class_json}" lab)
  string(JSON results_root GET "${class_json}" results_root)
  file(GLOB lab_dirs "${PROJECT_SOURCE_DIR}/labs/${number}-*")
  if(NOT lab_dirs OR NOT TARGET lab${number}_checker)
    message(FATAL_ERROR "${MEMLAB_CLASS}: lab ${number} is not built in this tree (MEMLAB_LABS=${MEMLAB_LABS})")
  endif()
  list(GET lab_dirs 0 lab_dir)
  get_filename_component(lab_folder "${lab_dir}" NAME)
  add_custom_target(memlab_class_programs)
  # Each submission is the only lab of its results folder (its own gradescope.json).
  set(MEMLAB_GRADED_LABS "lab${number}")
  string(JSON n LENGTH "${class_json}" submissions)
  if(n EQUAL 0)
    return()
  endif()
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON id GET "${class_json}" submissions ${i} id)
    if(NOT id MATCHES "^[A-Za-z0-9_-]+$")
      message(FATAL_ERROR "${MEMLAB_CLASS}: submission id \"${id}\" must be letters, digits, _ and - only")
    endif()
    string(JSON dir GET "${class_json}" submissions ${i} dir)
    string(JSON variant GET "${class_json}" submissions ${i} variant)
    string(JSON problem GET "${class_json}" submissions ${i} problem)
    set(MEMLAB_CLASS_ENTRY_ID "${id}")
    set(MEMLAB_CLASS_ENTRY_DIR "${dir}/${lab_folder}")
    set(MEMLAB_CLASS_ENTRY_VARIANT "${variant}")
    set(MEMLAB_CLASS_ENTRY_PROBLEM "${problem}")
    set(MEMLAB_CLASS_ENTRY_RESULTS "${results_root}/${id}")
    set(MEMLAB_CLASS_LAB_DIR "${lab_dir}")
    add_subdirectory("${MEMLAB_CMAKE_DIR}/class_submission" "${CMAKE_BINARY_DIR}/class/${id}")
  endforeach()
endfunction()
