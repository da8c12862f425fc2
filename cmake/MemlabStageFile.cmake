# cmake -DFROM=<student file> -DTO=<staged copy> -P MemlabStageFile.cmake
# Copies a file into the student's build folder, first line a #line directive, so that compiler
# messages name the student's own file while the include path reaches only the staged folder.
file(READ "${FROM}" text)
set(content "#line 1 \"${FROM}\"\n${text}")
if(EXISTS "${TO}")
  file(READ "${TO}" old)
  if(old STREQUAL content)
    return()  # unchanged: keep the timestamp, nothing recompiles
  endif()
endif()
file(WRITE "${TO}" "${content}")
