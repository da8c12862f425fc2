# docs.results_tables: a page's generated blocks must equal what their command prints now.
#
#   cmake -DPAGE=<page.md> -DREPO=<repo root> -DMEMLAB_REPORT=<memlab-report> -P check_generated_blocks.cmake
#
# A block is
#   <!-- generated: memlab-report ARGS -->
#   ...what `memlab-report ARGS` printed, run from the repository root...
#   <!-- generated: end -->
# Only memlab-report commands are run: the tables of the results pages come from committed
# reports, so anyone can print them again, and an edit by hand fails here.
cmake_minimum_required(VERSION 3.25)
foreach(required PAGE REPO MEMLAB_REPORT)
  if(NOT ${required})
    message(FATAL_ERROR "check_generated_blocks.cmake: -D${required}=... is required")
  endif()
endforeach()

# The page is read whole and cut with string(FIND): its tables hold ';', which a CMake list
# of lines would split.
file(READ "${PAGE}" text)
set(open_tag "<!-- generated: memlab-report ")
set(end_tag "<!-- generated: end -->")
set(blocks 0)
set(failed 0)
while(TRUE)
  string(FIND "${text}" "${open_tag}" start)
  if(start EQUAL -1)
    break()
  endif()
  string(SUBSTRING "${text}" 0 ${start} before)
  string(REGEX MATCHALL "\n" newlines "${before}")
  list(LENGTH newlines block_line)
  math(EXPR block_line "${block_line} + 1")
  string(SUBSTRING "${text}" ${start} -1 text)
  string(FIND "${text}" "\n" header_end)
  string(FIND "${text}" "${end_tag}" end)
  if(header_end EQUAL -1 OR end EQUAL -1 OR end LESS header_end)
    message(FATAL_ERROR "${PAGE}:${block_line}: a generated block has no ${end_tag}")
  endif()
  string(SUBSTRING "${text}" 0 ${header_end} header)
  if(NOT header MATCHES "^<!-- generated: memlab-report (.*) -->$")
    message(FATAL_ERROR "${PAGE}:${block_line}: a generated block's first line must end with -->")
  endif()
  separate_arguments(arguments UNIX_COMMAND "${CMAKE_MATCH_1}")
  math(EXPR content_start "${header_end} + 1")
  math(EXPR content_length "${end} - ${content_start}")
  string(SUBSTRING "${text}" ${content_start} ${content_length} content)
  string(LENGTH "${end_tag}" end_length)
  math(EXPR rest "${end} + ${end_length}")
  string(SUBSTRING "${text}" ${rest} -1 text)
  math(EXPR blocks "${blocks} + 1")
  execute_process(COMMAND "${MEMLAB_REPORT}" ${arguments} WORKING_DIRECTORY "${REPO}"
                  OUTPUT_VARIABLE printed ERROR_VARIABLE errors RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(SEND_ERROR "${PAGE}:${block_line}: memlab-report failed (${status}): ${errors}")
    math(EXPR failed "${failed} + 1")
  elseif(NOT printed STREQUAL content)
    set(fresh "${CMAKE_CURRENT_BINARY_DIR}/generated_block_${block_line}.md")
    file(WRITE "${fresh}" "${printed}")
    message(SEND_ERROR "${PAGE}:${block_line}: the block differs from what memlab-report prints "
                       "now (written to ${fresh}); rerun the command, do not edit the table")
    math(EXPR failed "${failed} + 1")
  endif()
endwhile()
if(blocks EQUAL 0)
  message(FATAL_ERROR "${PAGE}: no generated block found")
endif()
message(STATUS "${PAGE}: ${blocks} generated block(s) checked, ${failed} differ")
