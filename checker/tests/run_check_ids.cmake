# A check that lab.json does not declare is a compile error, and so is a check named by a string:
# builds the three check_id_* targets (checker/tests/check_ids/) in the build tree. The declared
# ids must compile; the misspelt id and the string must fail, for that reason and no other.
#   -DBINARY_DIR=<build tree>
function(build target want_ok want_text)
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --target ${target}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(all "${out}${err}")
  if(want_ok AND NOT rc EQUAL 0)
    message(FATAL_ERROR "${target} should compile, but:\n${all}")
  elseif(NOT want_ok AND rc EQUAL 0)
    message(FATAL_ERROR "${target} compiled: a check id that lab.json does not declare must be a compile error")
  elseif(NOT want_ok)
    string(FIND "${all}" "${want_text}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${target} failed, but not for naming a check wrongly (no \"${want_text}\"):\n${all}")
    endif()
  endif()
  message(STATUS "${target}: ${rc} as expected")
endfunction()

build(check_id_declared TRUE "")
build(check_id_misspelt FALSE "no_such_id")
build(check_id_string FALSE "CheckId")
