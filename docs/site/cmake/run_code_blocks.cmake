# docs.code_blocks: extracts the course text's "cpp compile" / "cuda compile" blocks and
# compiles each one on its own (-c, no linking, no GPU needed).
#
#   cmake -DMEMLAB_SITE=<memlab-site> -DREPO=<repo root> -DWORK_DIR=<scratch folder>
#         -DCXX_COMPILER=<c++> [-DCUDA_COMPILER=<nvcc>] [-DINCLUDE_DIRS=<dir;...>]
#         -P run_code_blocks.cmake
#
# Fails when any block fails to compile. When CUDA blocks exist but no nvcc is known and
# everything else compiled, it prints "MEMLAB_SKIP: ..." (the test's SKIP_REGULAR_EXPRESSION).
foreach(required MEMLAB_SITE REPO WORK_DIR CXX_COMPILER)
  if(NOT ${required})
    message(FATAL_ERROR "run_code_blocks.cmake: -D${required}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${MEMLAB_SITE}" extract-code --root "${REPO}" --out "${WORK_DIR}"
                RESULT_VARIABLE extract_status)
if(NOT extract_status EQUAL 0)
  message(FATAL_ERROR "memlab-site extract-code failed (${extract_status})")
endif()

set(include_flags "")
foreach(dir IN LISTS INCLUDE_DIRS)
  if(IS_DIRECTORY "${dir}")
    list(APPEND include_flags "-I${dir}")
  endif()
endforeach()

file(STRINGS "${WORK_DIR}/code_blocks.tsv" blocks)
set(compiled 0)
set(failed "")
set(skipped "")
foreach(block IN LISTS blocks)
  string(REPLACE "\t" ";" fields "${block}")
  list(GET fields 0 language)
  list(GET fields 1 file)
  list(GET fields 2 origin)
  list(GET fields 3 markdown_dir)
  if(language STREQUAL "cuda")
    if(NOT CUDA_COMPILER)
      list(APPEND skipped "${origin}")
      continue()
    endif()
    set(command "${CUDA_COMPILER}" -std=c++17)
  else()
    set(command "${CXX_COMPILER}" -std=c++17 -Wall -Wextra)
  endif()
  execute_process(
    COMMAND ${command} "-I${markdown_dir}" ${include_flags} -c "${file}" -o "${file}.o"
    WORKING_DIRECTORY "${WORK_DIR}"
    RESULT_VARIABLE status
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  if(status EQUAL 0)
    math(EXPR compiled "${compiled} + 1")
    message(STATUS "compiles: ${origin} (${language})")
  else()
    list(APPEND failed "${origin}")
    message("does not compile: ${origin} (${language})\n${output}")
  endif()
endforeach()

list(LENGTH blocks total)
message(STATUS "${compiled} of ${total} compilable code blocks compiled")
if(failed)
  string(REPLACE ";" ", " failed "${failed}")
  message(FATAL_ERROR "code blocks that do not compile: ${failed}")
endif()
if(skipped)
  string(REPLACE ";" ", " skipped "${skipped}")
  message("MEMLAB_SKIP: no CUDA compiler known to this build, so these CUDA blocks were not compiled: ${skipped}")
endif()
