# The tests that build the course again from nothing, as a student, an instructor or Gradescope
# does (course.student_loop, course.new_lab_scaffold, instructor.export_student, .gradescope,
# .grade_class), compile the same files with the same flags, each in a tree of its own. Where
# ccache is installed they share one compiler cache in this build tree: the first of them
# compiles, the others mostly find its objects, and each still configures, links and grades for
# real. Paths are rewritten relative to the build folder (CCACHE_BASEDIR), so copies of the course
# in different folders share entries. Without ccache the tests compile everything, as before.
# A test's properties can be set only in the folder that adds it (CMake 3.25): each folder calls
# memlab_share_compiler_cache() for its own tests.
find_program(MEMLAB_CCACHE ccache)

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
