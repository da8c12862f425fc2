# The tests that build the course again from nothing, as a student, an instructor or Gradescope
# does (course.student_loop, course.new_lab_scaffold, instructor.export_student, .gradescope,
# .grade_class), compile the same files with the same flags, each in a tree of its own. Where
# ccache is installed they share one compiler cache in this build tree: the first of them
# compiles, the others mostly find its objects, and each still configures, links and grades for
# real. Paths are rewritten relative to the build folder (CCACHE_BASEDIR), so copies of the course
# in different folders share entries. Without ccache the tests compile everything, as before.
# A test's properties can be set only in the folder that adds it (CMake 3.25): each folder calls
# memlab_share_compiler_cache() for its own tests.
# The cache helps only once it is full: tests that start together all miss it and compile the
# same files at the same time (in a clean CI run, three cold builds of lab 04 side by side took
# 477 to 591 s each). So the others wait for one test that fills it, course.student_loop (a cold
# build of lab 04, the lab they all build). DEPENDS only orders the tests: a failed
# course.student_loop does not stop the others.
find_program(MEMLAB_CCACHE ccache)
set(MEMLAB_COMPILER_CACHE_FILLER course.student_loop)

function(memlab_share_compiler_cache)
  if(NOT MEMLAB_CCACHE)
    return()
  endif()
  foreach(test IN LISTS ARGN)
    if(NOT TEST ${test})
      message(FATAL_ERROR "memlab_share_compiler_cache: no test ${test} in ${CMAKE_CURRENT_SOURCE_DIR}")
    endif()
    set_property(
      TEST ${test}
      APPEND
      PROPERTY ENVIRONMENT
               "CMAKE_C_COMPILER_LAUNCHER=${MEMLAB_CCACHE}"
               "CMAKE_CXX_COMPILER_LAUNCHER=${MEMLAB_CCACHE}"
               "CMAKE_CUDA_COMPILER_LAUNCHER=${MEMLAB_CCACHE}"
               "CCACHE_DIR=${PROJECT_BINARY_DIR}/compiler-cache"
               "CCACHE_BASEDIR=${MEMLAB_CCACHE_BASE}"
               "CCACHE_NOHASHDIR=1"
               "CCACHE_MAXSIZE=4G")
    if(NOT test STREQUAL "${MEMLAB_COMPILER_CACHE_FILLER}")
      set_property(TEST ${test} APPEND PROPERTY DEPENDS "${MEMLAB_COMPILER_CACHE_FILLER}")
    endif()
  endforeach()
endfunction()

# The folder that holds both the sources and every test tree: the longest common prefix of the
# source and build folders (the source folder itself for a preset's build/<name>).
set(MEMLAB_CCACHE_BASE "${PROJECT_SOURCE_DIR}")
string(FIND "${PROJECT_BINARY_DIR}/" "${MEMLAB_CCACHE_BASE}/" memlab_at)
while(NOT memlab_at EQUAL 0 AND NOT MEMLAB_CCACHE_BASE STREQUAL "/")
  get_filename_component(MEMLAB_CCACHE_BASE "${MEMLAB_CCACHE_BASE}" DIRECTORY)
  string(FIND "${PROJECT_BINARY_DIR}/" "${MEMLAB_CCACHE_BASE}/" memlab_at)
endwhile()
