cmake_policy(VERSION 3.25)
# memlab-contract with arguments it cannot work with must exit 2 and say why in result.json.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(lab "${SOURCE_DIR}/labs/04-padding")
execute_process(COMMAND "${TOOL}" --contract "${lab}/contract.json" --lab-header "${lab}/lab.h"
                        --file transpose.cu "${WORK}/missing.o" "${WORK}/missing.o.d" --out "${WORK}/result.json"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "a missing object should exit 2, got ${rc}: ${err}")
endif()
file(READ "${WORK}/result.json" result)
string(JSON result_ok GET "${result}" ok)
string(JSON error GET "${result}" error)
if(result_ok OR NOT error MATCHES "missing.o")
  message(FATAL_ERROR "result.json should carry the error: ${result}")
endif()
execute_process(COMMAND "${TOOL}" --contract "${lab}/contract.json" --lab-header "${lab}/lab.h"
                        --file transpose.cu only-two-values --out "${WORK}/result2.json"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "--file with two values should exit 2, got ${rc}: ${err}")
endif()
execute_process(COMMAND "${TOOL}" --contract "${WORK}/no-such-contract.json" --lab-header "${lab}/lab.h"
                        --file transpose.cu a.o a.o.d --out "${WORK}/result3.json"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT EXISTS "${WORK}/result3.json")
  message(FATAL_ERROR "a missing contract should exit 2 and still write result.json, got ${rc}: ${err}")
endif()
