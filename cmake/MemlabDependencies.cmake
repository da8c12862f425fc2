# Every dependency comes from the system (or CMAKE_PREFIX_PATH); nothing is downloaded.
# A missing one stops configuration with the Debian/Ubuntu package that provides it.

function(memlab_require_config package target debian)
  find_package(${package} CONFIG QUIET)
  if(NOT TARGET ${target})
    message(FATAL_ERROR
      "${package} was not found. On Debian/Ubuntu: sudo apt-get install ${debian}\n"
      "(or point CMAKE_PREFIX_PATH at a prefix that has it).")
  endif()
endfunction()

# One minimum, stated in README.md and docs/setup.md: CUDA 12.6 with CUPTI's range profiler
# (checker/counters reads every hardware counter through cupti_range_profiler.h, which older
# toolkits lack). The header is checked itself: it is what the build needs.
find_package(CUDAToolkit REQUIRED)
find_file(MEMLAB_CUPTI_RANGE_PROFILER_H cupti_range_profiler.h
          HINTS ${CUDAToolkit_INCLUDE_DIRS} "${CUDAToolkit_TARGET_DIR}/extras/CUPTI/include" NO_DEFAULT_PATH)
if(CUDAToolkit_VERSION VERSION_LESS 12.6 OR NOT MEMLAB_CUPTI_RANGE_PROFILER_H)
  message(FATAL_ERROR
    "CUDA Toolkit ${CUDAToolkit_VERSION} is too old: this course needs CUDA 12.6 or newer, whose CUPTI has the "
    "range profiler (cupti_range_profiler.h) that reads the hardware counters. Install a newer toolkit (docs/setup.md).\n"
    "CUDA Toolkit ${CUDAToolkit_VERSION} 太旧：本课程需要 CUDA 12.6 或更新版本，它的 CUPTI 带有读取硬件计数器的 range profiler"
    "（cupti_range_profiler.h）。请安装更新的 Toolkit（docs/setup.zh.md）。")
endif()

memlab_require_config(doctest doctest::doctest doctest-dev)
memlab_require_config(nlohmann_json nlohmann_json::nlohmann_json nlohmann-json3-dev)
memlab_require_config(CLI11 CLI11::CLI11 libcli11-dev)
memlab_require_config(fmt fmt::fmt libfmt-dev)  # the checker's messages (fmt::format)

if(MEMLAB_BUILD_DOCS OR MEMLAB_BUILD_TESTS)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(CMARK_GFM QUIET IMPORTED_TARGET libcmark-gfm)
  endif()
  if(NOT TARGET PkgConfig::CMARK_GFM)
    message(FATAL_ERROR
      "cmark-gfm was not found (pkg-config module libcmark-gfm). On Debian/Ubuntu:\n"
      "  sudo apt-get install pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev")
  endif()
  add_library(memlab_cmark_gfm INTERFACE)
  target_link_libraries(memlab_cmark_gfm INTERFACE PkgConfig::CMARK_GFM)
  add_library(memlab::cmark_gfm ALIAS memlab_cmark_gfm)
endif()
