# The course's compiler warnings, for every target of the build: -Wall -Wextra (C++, and CUDA host
# code through nvcc); with MEMLAB_WERROR=ON (the ci preset) every warning is an error, nvcc's own
# (device code, cudafe, ptxas) included, except in graded code.
#
# They are directory options, set here before any target exists, so every target of every folder
# gets them without asking and no CMakeLists.txt sets warning flags of its own. Generator
# expressions read two properties of the target being compiled:
#   MEMLAB_STUDENT_OBJECTS  the target holds a student's compiled files (<tag>_student, set in
#                           cmake/MemlabLab.cmake): never instrumented by the sanitizers, because
#                           the submission contract judges what those objects reference, and
#                           __asan_*/__ubsan_* calls are not in any lab's contract.
#   MEMLAB_GRADED_CODE      the target holds code that is graded, not maintained by the course: a
#                           student's file, a class submission, a known-wrong case (set in
#                           cmake/MemlabLab.cmake with the other). A warning in it
#                           is reported by the compiler and never turns a gradable submission into
#                           a compile error.
# Everything else (the checker, its tools and tests, the benchmarks, the site, the reference
# solutions, and the starters the test build compiles as <lab>_starter_compiles) is the course's
# own code and must build clean.
option(MEMLAB_WERROR "Treat the compiler's warnings in the course's own code as errors" OFF)

set(memlab_cxx "$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>")
set(memlab_cuda "$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>")
set(memlab_own "$<NOT:$<BOOL:$<TARGET_PROPERTY:MEMLAB_GRADED_CODE>>>")
set(memlab_instrumented "$<NOT:$<BOOL:$<TARGET_PROPERTY:MEMLAB_STUDENT_OBJECTS>>>")

add_compile_options("$<${memlab_cxx}:-Wall;-Wextra>" "$<${memlab_cuda}:-Xcompiler=-Wall,-Wextra>")
if(MEMLAB_WERROR)
  # nvcc: -Xcompiler=-Werror for the host compiler, -Werror=all-warnings for nvcc's own warnings.
  add_compile_options("$<$<AND:${memlab_own},${memlab_cxx}>:-Werror>"
                      "$<$<AND:${memlab_own},${memlab_cuda}>:-Xcompiler=-Werror;-Werror=all-warnings>")
endif()

# MEMLAB_SANITIZE=ON (the asan preset): AddressSanitizer and UndefinedBehaviorSanitizer in the
# course's own code, CUDA host code included; a UBSan finding aborts the program, so the test
# fails.
option(MEMLAB_SANITIZE "Build the course's own code with AddressSanitizer and UBSan (the asan preset)" OFF)
if(MEMLAB_SANITIZE)
  # nvcc splits -Xcompiler's value at commas: one -Xcompiler per option.
  add_compile_options(
    "$<$<AND:${memlab_instrumented},${memlab_cxx}>:-fsanitize=address,undefined;-fno-sanitize-recover=all;-fno-omit-frame-pointer>"
    "$<$<AND:${memlab_instrumented},${memlab_cuda}>:-Xcompiler=-fsanitize=address;-Xcompiler=-fsanitize=undefined;-Xcompiler=-fno-sanitize-recover=all;-Xcompiler=-fno-omit-frame-pointer>")
  # The host link only: nvcc's device link step does not know -fsanitize.
  add_link_options("$<HOST_LINK:-fsanitize=address;-fsanitize=undefined>")
endif()

# The ci preset runs the asan workflow as one of its tests, course.sanitizers (CMakeLists.txt).
option(MEMLAB_TEST_SANITIZERS "Register course.sanitizers: the asan workflow as a test of this build" OFF)
