# ctest typed in this folder runs the tests of the build tree configured last: every
# `cmake --preset ...` writes build/memlab-root.cmake, which names it
# (cmake/MemlabStudentLoop.cmake). That tree's tests print what they grade when they load.
include(build/memlab-root.cmake OPTIONAL RESULT_VARIABLE memlab_root)
if(NOT memlab_root)
  # (An indented line of a CMake message is printed as it is, not wrapped.)
  message(FATAL_ERROR "No lab is configured in this folder yet. For lab 01, run:\n  cmake --preset lab01 && ctest")
elseif(NOT EXISTS "${MEMLAB_ROOT_BUILD}/CTestTestfile.cmake")
  message(FATAL_ERROR "The build folder ${MEMLAB_ROOT_BUILD} is gone. Run:\n  ${MEMLAB_ROOT_CONFIGURE} && ctest")
endif()
subdirs("${MEMLAB_ROOT_BUILD}")
