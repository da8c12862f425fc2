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

find_package(CUDAToolkit REQUIRED)
if(CUDAToolkit_VERSION VERSION_LESS 12.0)
  message(FATAL_ERROR "CUDA Toolkit ${CUDAToolkit_VERSION} is too old: this course needs 12.x or 13.x.")
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
