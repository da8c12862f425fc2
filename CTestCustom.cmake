# ctest typed in this folder reads this file: it takes the settings of the build tree that
# CTestTestfile.cmake runs (the command that prints the reports after the last test).
include("${CMAKE_CURRENT_LIST_DIR}/build/memlab-root.cmake" OPTIONAL RESULT_VARIABLE memlab_root)
if(memlab_root AND EXISTS "${MEMLAB_ROOT_BUILD}/CTestCustom.cmake")
  include("${MEMLAB_ROOT_BUILD}/CTestCustom.cmake")
endif()
