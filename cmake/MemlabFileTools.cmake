# memlab_file_tools(<target>...): the course's tools that read and write small files (the
# contract, the judge, the report, the lab header generator) and the libraries only they use.
# They run for milliseconds on files of kilobytes, yet at -O3 they were most of a student's first
# build: nlohmann/json, fmt and CLI11 are templates that each file instantiates and optimizes
# again. Measured on one core of a 2-core machine, one batch of memlab-report compiled in 18.0 s
# at -O3, 13.0 s at -O1 and 9.9 s at -Og (its parsing alone: 3.2 s); the contract's largest batch
# in 9.4, 5.3 and 5.1 s. So in Release builds their C++ compiles at -Og. The recorder is one of
# them: it records the student's launch plans and times nothing. The code that measures (the
# checker library, the check programs) keeps the build type's level.
# Call it in the folder that made the targets, after memlab_command_line_sources.
# The option itself, for C++ in Release builds; memlab_command_line_sources uses it too.
set(MEMLAB_FILE_TOOL_OPTIMIZATION "$<$<AND:$<CONFIG:Release>,$<COMPILE_LANGUAGE:CXX>>:-Og>")
function(memlab_file_tools)
  foreach(target IN LISTS ARGN)
    target_compile_options(${target} PRIVATE "${MEMLAB_FILE_TOOL_OPTIMIZATION}")
  endforeach()
endfunction()

# memlab_file_sources(<file>...): the same for some files of a library that the code that measures
# shares with the tools (checker/core): the files that read and write the manifest, the results
# and the reports. On the 16-core GPU machine, the core's batch of four such files (11.9 s) was
# the longest compile on the way to a student's first verdict; at -Og it took 7.9 s against
# 13.7 s on one core here. The files that compute (statistics, sampling, input generation,
# verification) keep the build type's level. Call it in the folder whose CMakeLists.txt lists the
# files: source properties are per folder.
function(memlab_file_sources)
  set_source_files_properties(${ARGN} PROPERTIES COMPILE_OPTIONS "${MEMLAB_FILE_TOOL_OPTIMIZATION}")
endfunction()
