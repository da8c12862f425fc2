# Pick CUDA architectures before project() enables CUDA.
# A GPU present: build for that GPU only (fast builds, exact machine code).
# No GPU (CI, laptops): no GPU can run the checks here, so the grading build compiles one
# architecture only (the newest real one that nvcc builds): the GPU suites skip, and the build
# still proves that the files compile, link and respect the submission contract. The first
# `ctest` on a 2-core laptop then compiles the checker once instead of a dozen times.
# MEMLAB_EVERY_ARCHITECTURE=ON (the course's own test build) instead builds every real
# architecture from 7.5 on that the installed nvcc knows, as machine code (SASS), plus PTX for
# the newest, so that one build runs on any GPU the toolkit knows.
# MEMLAB_ARCHITECTURE_ENDS=ON (the course's CI) builds the oldest of those and the newest (SASS,
# and PTX for the newest): every kernel is proved to compile at both ends of the range, with device
# code for two architectures instead of every one.
# An explicit -DCMAKE_CUDA_ARCHITECTURES=... (or CUDAARCHS) always wins.
option(MEMLAB_EVERY_ARCHITECTURE
       "Without a GPU, build for every architecture nvcc knows (for a build that moves to GPU machines) instead of one" OFF)
option(MEMLAB_ARCHITECTURE_ENDS
       "Without a GPU, build for the oldest and the newest architecture nvcc knows (a test build that proves both ends compile)"
       OFF)
if(DEFINED CMAKE_CUDA_ARCHITECTURES OR DEFINED ENV{CUDAARCHS})
  return()
endif()

# Used only when nvcc cannot be asked (CUDA 12.0 builds every entry of it).
set(_memlab_fixed_archs "75-real;80-real;86-real;89-real;90")

find_program(MEMLAB_NVIDIA_SMI nvidia-smi)
set(_memlab_detected "")
if(MEMLAB_NVIDIA_SMI)
  execute_process(
    COMMAND "${MEMLAB_NVIDIA_SMI}" --query-gpu=compute_cap --format=csv,noheader
    OUTPUT_VARIABLE _memlab_caps RESULT_VARIABLE _memlab_rc ERROR_QUIET TIMEOUT 20)
  if(_memlab_rc EQUAL 0)
    string(REGEX MATCHALL "[0-9]+\\.[0-9]+" _memlab_caps "${_memlab_caps}")
    foreach(_cap IN LISTS _memlab_caps)
      string(REPLACE "." "" _arch "${_cap}")
      list(APPEND _memlab_detected "${_arch}")
    endforeach()
    list(REMOVE_DUPLICATES _memlab_detected)
  endif()
endif()

# The architectures the installed nvcc builds for, from 7.5 on, without the "a" and "f"
# variants (their code runs on one GPU or one family only): "75-real;...;<newest>", the newest
# also as PTX.
# project() has not looked for nvcc yet, so look for it as CMake does: CMAKE_CUDA_COMPILER
# when given, then the CUDACXX environment variable, then PATH, then /usr/local/cuda/bin.
# Sets _memlab_nvcc_archs (empty on failure) and _memlab_nvcc_why (the reason of a failure).
function(_memlab_archs_from_nvcc)
  set(_memlab_nvcc_archs "" PARENT_SCOPE)
  set(nvcc "")
  if(CMAKE_CUDA_COMPILER)
    set(nvcc "${CMAKE_CUDA_COMPILER}")
  elseif(NOT "$ENV{CUDACXX}" STREQUAL "")
    # CUDACXX may hold flags after the program, as CMake allows.
    get_filename_component(nvcc "$ENV{CUDACXX}" PROGRAM)
  endif()
  if(nvcc AND NOT IS_ABSOLUTE "${nvcc}")
    find_program(named_nvcc NAMES "${nvcc}" NO_CACHE)
    set(nvcc "${named_nvcc}")
  endif()
  if(NOT nvcc)
    find_program(nvcc_on_path NAMES nvcc PATHS /usr/local/cuda/bin NO_CACHE)
    set(nvcc "${nvcc_on_path}")
  endif()
  if(NOT nvcc)
    set(_memlab_nvcc_why "no nvcc found" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND "${nvcc}" --list-gpu-code OUTPUT_VARIABLE codes RESULT_VARIABLE rc_code ERROR_QUIET TIMEOUT 30)
  execute_process(COMMAND "${nvcc}" --list-gpu-arch OUTPUT_VARIABLE virtuals RESULT_VARIABLE rc_arch ERROR_QUIET TIMEOUT 30)
  if(NOT rc_code EQUAL 0 OR NOT rc_arch EQUAL 0)
    set(_memlab_nvcc_why "${nvcc} --list-gpu-code or --list-gpu-arch failed" PARENT_SCOPE)
    return()
  endif()
  # The variants (sm_90a, sm_100f, compute_90a) end in a letter: they are skipped.
  string(REGEX MATCHALL "sm_[0-9]+[a-z]*" codes "${codes}")
  string(REGEX MATCHALL "compute_[0-9]+[a-z]*" virtuals "${virtuals}")
  set(real "")
  foreach(code IN LISTS codes)
    if(code MATCHES "^sm_([0-9]+)$")
      if(CMAKE_MATCH_1 GREATER_EQUAL 75)
        list(APPEND real "${CMAKE_MATCH_1}")
      endif()
    endif()
  endforeach()
  set(virtual "")
  foreach(code IN LISTS virtuals)
    if(code MATCHES "^compute_([0-9]+)$")
      list(APPEND virtual "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES real)
  list(SORT real COMPARE NATURAL)
  # PTX for the newest architecture that nvcc builds both as SASS and as PTX.
  set(ptx "")
  foreach(arch IN LISTS real)
    if(arch IN_LIST virtual)
      set(ptx "${arch}")
    endif()
  endforeach()
  if(NOT real OR ptx STREQUAL "")
    set(_memlab_nvcc_why "${nvcc} lists no architecture from 7.5 on" PARENT_SCOPE)
    return()
  endif()
  # Each architecture as SASS only ("-real"), the PTX one as SASS and PTX (no suffix). That one
  # comes last: MemlabLab.cmake takes the last entry as the newest.
  set(archs "")
  foreach(arch IN LISTS real)
    if(NOT arch EQUAL ptx)
      list(APPEND archs "${arch}-real")
    endif()
  endforeach()
  list(APPEND archs "${ptx}")
  set(_memlab_nvcc_archs "${archs}" PARENT_SCOPE)
  set(_memlab_nvcc "${nvcc}" PARENT_SCOPE)
endfunction()

if(_memlab_detected)
  set(CMAKE_CUDA_ARCHITECTURES "${_memlab_detected}" CACHE STRING "CUDA architectures (detected from this machine's GPU)")
  message(STATUS "CUDA architectures: ${_memlab_detected} (this machine's GPU)")
else()
  _memlab_archs_from_nvcc()
  if(_memlab_nvcc_archs AND MEMLAB_EVERY_ARCHITECTURE)
    set(CMAKE_CUDA_ARCHITECTURES "${_memlab_nvcc_archs}" CACHE STRING
        "CUDA architectures (no GPU found: every architecture from 7.5 on that nvcc builds for, PTX for the newest)")
    message(STATUS "CUDA architectures: ${_memlab_nvcc_archs} (no GPU found on this machine; MEMLAB_EVERY_ARCHITECTURE: "
                   "every architecture from 7.5 on that ${_memlab_nvcc} builds for, with PTX for the newest)")
  elseif(_memlab_nvcc_archs AND MEMLAB_ARCHITECTURE_ENDS)
    list(GET _memlab_nvcc_archs 0 _memlab_oldest)
    list(GET _memlab_nvcc_archs -1 _memlab_newest)
    set(CMAKE_CUDA_ARCHITECTURES "${_memlab_oldest};${_memlab_newest}" CACHE STRING
        "CUDA architectures (no GPU found: the oldest and the newest that nvcc builds for, PTX for the newest)")
    message(STATUS "CUDA architectures: ${_memlab_oldest};${_memlab_newest} (no GPU found on this machine; "
                   "MEMLAB_ARCHITECTURE_ENDS: the oldest and the newest architecture from 7.5 on that ${_memlab_nvcc} "
                   "builds for, with PTX for the newest)")
  elseif(_memlab_nvcc_archs)
    # The list ends with the newest architecture (SASS and PTX): SASS alone is enough here.
    list(GET _memlab_nvcc_archs -1 _memlab_one)
    set(_memlab_one "${_memlab_one}-real")
    set(CMAKE_CUDA_ARCHITECTURES "${_memlab_one}" CACHE STRING
        "CUDA architectures (no GPU found: one architecture; the GPU checks skip on this machine)")
    message(STATUS "CUDA architectures: ${_memlab_one} only (no GPU found on this machine, so its GPU checks skip and "
                   "one architecture is enough; -DMEMLAB_EVERY_ARCHITECTURE=ON builds for every GPU that "
                   "${_memlab_nvcc} knows)")
  else()
    set(CMAKE_CUDA_ARCHITECTURES "${_memlab_fixed_archs}" CACHE STRING "CUDA architectures (no GPU found: a fixed list)")
    message(STATUS "CUDA architectures: ${_memlab_fixed_archs} (no GPU found on this machine, and nvcc could not be "
                   "asked for its architectures: ${_memlab_nvcc_why}; a fixed list, PTX for the newest)")
  endif()
endif()
