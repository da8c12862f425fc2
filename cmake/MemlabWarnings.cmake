# The course's compiler warnings, for every target of the build.
#   memlab_warnings           -Wall -Wextra (C++, and CUDA host code through nvcc); with
#                             MEMLAB_WERROR=ON (the ci preset) every warning is an error, nvcc's
#                             own (device code, cudafe, ptxas) included
#   memlab_student_warnings   the same warnings, never errors
# memlab_apply_warnings(), called once at the end of the top-level CMakeLists.txt, links one of
# them to every compiled target of every directory, so a new lab, tool or test gets them without
# asking; no CMakeLists.txt sets warning flags of its own.
#
# Which targets are spared -Werror: the student object libraries (cmake/MemlabLab.cmake names them
# <tag>_student) unless the build grades the reference solutions, and always those of the
# course's known-wrong submissions (wrong_*_student). A student's file, a class submission or a
# known-wrong case is graded, not maintained by the course: a warning in it must be reported by
# the compiler and never turn a gradable submission into a compile error. Everything else (the
# checker, its tools and tests, the benchmarks, the site, the reference solutions, and the starters
# the test build compiles as <lab>_starter_compiles) is the course's own code and must build clean.
option(MEMLAB_WERROR "Treat the compiler's warnings in the course's own code as errors" OFF)

add_library(memlab_student_warnings INTERFACE)
target_compile_options(memlab_student_warnings INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-Wall -Wextra>
  $<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:-Xcompiler=-Wall,-Wextra>)

add_library(memlab_warnings INTERFACE)
target_link_libraries(memlab_warnings INTERFACE memlab_student_warnings)
if(MEMLAB_WERROR)
  # nvcc: -Xcompiler=-Werror for the host compiler, -Werror=all-warnings for nvcc's own warnings.
  target_compile_options(memlab_warnings INTERFACE
    $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-Werror>
    $<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:-Xcompiler=-Werror -Werror=all-warnings>)
endif()

# MEMLAB_SANITIZE=ON (the asan preset): AddressSanitizer and UndefinedBehaviorSanitizer in the
# course's own code, CUDA host code included; a UBSan finding aborts the program, so the test
# fails. The student object libraries stay uninstrumented: the submission contract judges what
# their objects reference, and __asan_*/__ubsan_* calls are not in any lab's contract.
option(MEMLAB_SANITIZE "Build the course's own code with AddressSanitizer and UBSan (the asan preset)" OFF)
if(MEMLAB_SANITIZE)
  # nvcc splits -Xcompiler's value at commas: one -Xcompiler per option.
  target_compile_options(memlab_warnings INTERFACE
    $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer>
    $<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:-Xcompiler=-fsanitize=address -Xcompiler=-fsanitize=undefined -Xcompiler=-fno-sanitize-recover=all -Xcompiler=-fno-omit-frame-pointer>)
  # The host link only: nvcc's device link step does not know -fsanitize.
  target_link_options(memlab_warnings INTERFACE $<HOST_LINK:-fsanitize=address -fsanitize=undefined>)
endif()

# The ci preset runs the asan workflow as one of its tests, course.sanitizers (CMakeLists.txt).
option(MEMLAB_TEST_SANITIZERS "Register course.sanitizers: the asan workflow as a test of this build" OFF)

# The options above as a flat list for a compiler command outside CMake's targets (the docs' code
# blocks, checker/site/cmake/compile_code_blocks.cmake): C++ only.
set(MEMLAB_CXX_WARNING_FLAGS -Wall -Wextra)
if(MEMLAB_WERROR)
  list(APPEND MEMLAB_CXX_WARNING_FLAGS -Werror)
endif()

function(_memlab_warnings_for target out)
  set(${out} memlab_warnings PARENT_SCOPE)
  if(target MATCHES "_student$")
    if(target MATCHES "^wrong_" OR MEMLAB_SUBMISSION_DIR OR MEMLAB_CLASS OR NOT MEMLAB_SOLUTION)
      set(${out} memlab_student_warnings PARENT_SCOPE)
    endif()
  endif()
endfunction()

# Every target of the build: those of each directory (BUILDSYSTEM_TARGETS, walked from the top),
# and those reached from them through links, dependencies and $<TARGET_OBJECTS:...> (a folder
# added more than once, as each class submission's is, lists its targets under its first binary
# folder only).
function(memlab_apply_warnings)
  set(dirs "${CMAKE_SOURCE_DIR}")
  set(queue "")
  while(dirs)
    list(POP_FRONT dirs dir)
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
    list(APPEND queue ${targets})
    list(REMOVE_DUPLICATES subdirs)
    list(APPEND dirs ${subdirs})
  endwhile()
  set(seen memlab_warnings memlab_student_warnings)
  set(count 0)
  while(queue)
    list(POP_FRONT queue target)
    if(NOT TARGET "${target}")
      continue()
    endif()
    get_target_property(aliased "${target}" ALIASED_TARGET)
    if(aliased)
      set(target "${aliased}")
    endif()
    if(target IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${target}")
    get_target_property(imported "${target}" IMPORTED)
    if(imported)
      continue()
    endif()
    get_target_property(type "${target}" TYPE)
    set(next "")
    foreach(property MANUALLY_ADDED_DEPENDENCIES LINK_LIBRARIES INTERFACE_LINK_LIBRARIES SOURCES)
      get_target_property(values "${target}" ${property})
      if(values)
        list(APPEND next ${values})
      endif()
    endforeach()
    foreach(value IN LISTS next)
      if(value MATCHES "^\\$<TARGET_OBJECTS:([^>]+)>$")
        list(APPEND queue "${CMAKE_MATCH_1}")
      elseif(NOT value MATCHES "[$<>/]" AND TARGET "${value}")
        list(APPEND queue "${value}")
      endif()
    endforeach()
    if(type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      _memlab_warnings_for("${target}" warnings)
      # The property, not target_link_libraries(): it mixes with either signature the target's
      # own CMakeLists.txt used, and does not become part of a library's link interface.
      set_property(TARGET "${target}" APPEND PROPERTY LINK_LIBRARIES ${warnings})
      math(EXPR count "${count} + 1")
    endif()
  endwhile()
  message(STATUS "Compiler warnings on ${count} targets (MEMLAB_WERROR=${MEMLAB_WERROR})")
endfunction()
