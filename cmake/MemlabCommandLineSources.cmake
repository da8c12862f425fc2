# memlab_command_line_sources(<file>...): the files of this folder that parse a command line with
# CLI11 (a tool's main file, the check programs' harness). CLI11 is header-only and its code is
# compiled again in each such file; at -O3 that made them the slowest compiles on the way to a
# student's first verdict. These files only read options and call the code that does the work,
# which stays at the build type's level, so they are compiled:
#   - at -Og in Release builds (MEMLAB_FILE_TOOL_OPTIMIZATION, cmake/MemlabFileTools.cmake):
#     memlab-report's main file compiled in 21.0 s at -O3, 14.9 s at -O1 and 10.9 s at -Og, on
#     one core of a 2-core machine;
#   - alone, outside the unity batches of checker/CMakeLists.txt, so that no batch waits on them.
# Call it in the folder whose CMakeLists.txt lists the files: source properties are per folder.
function(memlab_command_line_sources)
  set_source_files_properties(${ARGN} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON
                              COMPILE_OPTIONS "${MEMLAB_FILE_TOOL_OPTIMIZATION}")
endfunction()
