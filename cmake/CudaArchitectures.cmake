# Pick CUDA architectures before project() enables CUDA.
# A GPU present: build for that GPU only (fast builds, exact machine code).
# No GPU (CI, laptops): a fixed list covering Turing to Hopper, so configuring never fails.
# An explicit -DCMAKE_CUDA_ARCHITECTURES=... always wins.
if(DEFINED CMAKE_CUDA_ARCHITECTURES OR DEFINED ENV{CUDAARCHS})
  return()
endif()

set(_memlab_fallback_archs "75;80;86;89;90")
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

if(_memlab_detected)
  set(CMAKE_CUDA_ARCHITECTURES "${_memlab_detected}" CACHE STRING "CUDA architectures (detected from this machine's GPU)")
  message(STATUS "CUDA architectures: ${_memlab_detected} (this machine's GPU)")
else()
  set(CMAKE_CUDA_ARCHITECTURES "${_memlab_fallback_archs}" CACHE STRING "CUDA architectures (no GPU found: portable list)")
  message(STATUS "CUDA architectures: ${_memlab_fallback_archs} (no GPU found on this machine)")
endif()
