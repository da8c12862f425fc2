# memlab-report in each language of the reports (memlab/report_language.h), on the fixture lab
# 99-sample, whose lab.json has Chinese for some checks ("zh") and none for `sectors`:
#   MEMLAB_LANG=zh       the console report, lab99.txt and gradescope.json carry the checks' Chinese
#                        description and hint and the Chinese fixed words; `sectors` reads in English
#   unset, LANG=C        English; MEMLAB_LANG=en wins over a Chinese locale; a Chinese locale alone
#                        gives Chinese unless LC_ALL says otherwise
#   MEMLAB_LANG=fr       English, and one warning line
# In every language lab99.json has the same keys, ids and verdicts, with "lang" saying which one.
file(REMOVE_RECURSE "${WORK}")

# Runs memlab-report in a fresh results folder WORK/NAME with the environment given (NAME=VALUE
# pairs; the locale variables and MEMLAB_LANG are unset first), and reads what it wrote.
function(report name)
  set(results "${WORK}/${name}/results")
  file(MAKE_DIRECTORY "${results}")
  file(COPY "${FIXTURES}/99-sample/parts" DESTINATION "${results}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=MEMLAB_LANG --unset=LC_ALL --unset=LC_MESSAGES --unset=LANG
                          ${ARGN} "${REPORT}" --lab lab99 --lab-dir "${FIXTURES}/99-sample" --results-dir "${results}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: memlab-report failed (${rc}): ${out}${err}")
  endif()
  file(READ "${results}/lab99.txt" txt)
  file(READ "${results}/lab99.json" lab)
  file(READ "${results}/gradescope.json" gs)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
  set(txt "${txt}" PARENT_SCOPE)
  set(lab "${lab}" PARENT_SCOPE)
  set(gs "${gs}" PARENT_SCOPE)
endfunction()

function(expect_in name what text)
  foreach(expected IN LISTS ARGN)
    string(FIND "${text}" "${expected}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${name}: ${what} lacks '${expected}':\n${text}")
    endif()
  endforeach()
endfunction()

function(expect_not_in name what text)
  foreach(unexpected IN LISTS ARGN)
    string(FIND "${text}" "${unexpected}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${name}: ${what} holds '${unexpected}':\n${text}")
    endif()
  endforeach()
endfunction()

# The output of gradescope.json's test I (0 exact, 1 speedup, 2 wavefronts, 3 sectors).
function(test_output var i)
  string(JSON value GET "${gs}" tests ${i} output)
  set(${var} "${value}" PARENT_SCOPE)
endfunction()

# "lang", and every key, id and verdict of lab99.json but "lang", "title", "graded" and "next",
# whose values are text: what must be the same in every language.
function(lab_facts var)
  string(JSON lang GET "${lab}" lang)
  string(JSON n_keys LENGTH "${lab}")
  math(EXPR last "${n_keys} - 1")
  set(facts "")
  foreach(i RANGE ${last})
    string(JSON key MEMBER "${lab}" ${i})
    list(APPEND facts "${key}")
    if(NOT key MATCHES "^(lang|title|graded|next|checks|summary)$")
      string(JSON value GET "${lab}" "${key}")
      list(APPEND facts "${key}=${value}")
    endif()
  endforeach()
  string(JSON n LENGTH "${lab}" checks)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON id GET "${lab}" checks ${i} id)
    string(JSON verdict GET "${lab}" checks ${i} verdict)
    string(JSON points GET "${lab}" checks ${i} points)
    string(JSON measured_text GET "${lab}" checks ${i} measured_text)
    list(APPEND facts "${id}:${verdict}:${points}:${measured_text}")
  endforeach()
  string(JSON summary GET "${lab}" summary)
  list(APPEND facts "${summary}")
  set(${var} "${facts}" PARENT_SCOPE)
  set(${var}_lang "${lang}" PARENT_SCOPE)
endfunction()

# English: no MEMLAB_LANG, the C locale.
report(english LANG=C)
expect_in(english "lab99.txt" "${txt}" "Lab 99 (Report fixture): graded" "[FAIL        ] speedup"
          "what it checks: faster than the starter" "hint: pad the tile"
          "1 passed, 1 failed, 0 inconclusive, 2 skipped; score 2 / 7")
expect_not_in(english "lab99.txt" "${txt}" "比起始代码更快" "实验")
test_output(speedup 1)
expect_in(english "gradescope.json's speedup" "${speedup}" "faster than the starter" "hint: pad the tile")
string(JSON overall GET "${gs}" output)
expect_in(english "gradescope.json's output" "${overall}" "How the score counts")
if(NOT err STREQUAL "")
  message(FATAL_ERROR "english: memlab-report warned: ${err}")
endif()
lab_facts(english_facts)
if(NOT english_facts_lang STREQUAL "en")
  message(FATAL_ERROR "english: lab99.json has lang '${english_facts_lang}', not en:\n${lab}")
endif()
set(english_txt "${txt}")
set(english_gs "${gs}")

# Chinese: MEMLAB_LANG=zh.
report(chinese MEMLAB_LANG=zh LANG=C)
expect_in(chinese "lab99.txt" "${txt}" "实验 99（报告样例）：评分对象为" "[未通过      ] speedup"
          "检查内容：比起始代码更快" "提示：给 tile 加填充" "检查组 performance："
          "实验 99：通过 1 项，未通过 1 项，无法判定 0 项，跳过 2 项；得分 2 / 7" "下一步：speedup 未通过")
expect_not_in(chinese "lab99.txt" "${txt}" "hint: pad the tile" "faster than the starter" "passed,")
expect_in(chinese "the console report" "${out}" "检查内容：比起始代码更快" "提示：给 tile 加填充" "报告：")
test_output(speedup 1)
expect_in(chinese "gradescope.json's speedup" "${speedup}" "比起始代码更快" "提示：给 tile 加填充" "实测：1.01x"
          "要求：>= 1.8x")
test_output(wavefronts 2)
expect_in(chinese "gradescope.json's wavefronts" "${wavefronts}" "计数器：每次加载的波前数" "已跳过：")
# No Chinese for this check in lab.json: its English, in the Chinese report.
test_output(sectors 3)
expect_in(chinese "gradescope.json's sectors (no zh text: English)" "${sectors}" "counters: sectors per request")
string(JSON overall GET "${gs}" output)
expect_in(chinese "gradescope.json's output" "${overall}" "计分规则" "实验 99：")
# Gradescope's names, scores and statuses do not depend on the language.
foreach(i RANGE 3)
  foreach(key name score max_score)
    string(JSON a GET "${english_gs}" tests ${i} ${key})
    string(JSON b GET "${gs}" tests ${i} ${key})
    if(NOT a STREQUAL b)
      message(FATAL_ERROR "gradescope.json's test ${i} has ${key} '${b}' in Chinese, '${a}' in English")
    endif()
  endforeach()
endforeach()
lab_facts(chinese_facts)
if(NOT chinese_facts_lang STREQUAL "zh")
  message(FATAL_ERROR "chinese: lab99.json has lang '${chinese_facts_lang}', not zh:\n${lab}")
endif()
if(NOT chinese_facts STREQUAL english_facts)
  message(FATAL_ERROR "lab99.json's keys, ids or verdicts depend on the language:\n"
                      "en: ${english_facts}\nzh: ${chinese_facts}")
endif()

# MEMLAB_LANG=en wins over a Chinese locale.
report(en_over_locale MEMLAB_LANG=en LANG=zh_CN.UTF-8)
if(NOT txt STREQUAL english_txt)
  message(FATAL_ERROR "MEMLAB_LANG=en with LANG=zh_CN.UTF-8 is not the English report:\n${txt}")
endif()
# Other spellings of Chinese.
foreach(value zh_CN zh-Hans ZH zh_CN.UTF-8)
  report(spelling MEMLAB_LANG=${value} LANG=C)
  expect_in("MEMLAB_LANG=${value}" "lab99.txt" "${txt}" "检查内容：比起始代码更快")
endforeach()
# The locale alone: LANG, unless LC_MESSAGES or LC_ALL say otherwise.
report(locale LANG=zh_CN.UTF-8)
expect_in("LANG=zh_CN.UTF-8" "lab99.txt" "${txt}" "检查内容：比起始代码更快")
report(locale LC_MESSAGES=zh_CN.UTF-8 LANG=en_US.UTF-8)
expect_in("LC_MESSAGES=zh_CN.UTF-8" "lab99.txt" "${txt}" "检查内容：比起始代码更快")
report(locale LC_ALL=C LANG=zh_CN.UTF-8)
if(NOT txt STREQUAL english_txt)
  message(FATAL_ERROR "LC_ALL=C with LANG=zh_CN.UTF-8 is not the English report:\n${txt}")
endif()

# A value the reports do not know: English, and one warning line that names it.
report(unknown MEMLAB_LANG=fr LANG=zh_CN.UTF-8)
if(NOT txt STREQUAL english_txt)
  message(FATAL_ERROR "MEMLAB_LANG=fr is not the English report:\n${txt}")
endif()
string(REGEX MATCHALL "\n" lines "${err}")
list(LENGTH lines n_lines)
if(NOT n_lines EQUAL 1 OR NOT err MATCHES "MEMLAB_LANG=\"fr\"" OR NOT err MATCHES "English")
  message(FATAL_ERROR "MEMLAB_LANG=fr: expected one warning line naming it, got:\n${err}")
endif()
