# cmake -DDEPS=<compiler dependency list> -DORIGINAL=<student file> -P MemlabDropOriginal.cmake
# The staged copy of a student file starts with `#line 1 "<original>"`, and the compiler lists
# that name as a dependency. It is the student's own file, not an include: drop it, so the
# contract judges only what the file really includes.
file(READ "${DEPS}" text)
string(REPLACE "${ORIGINAL} \\\n" "" text "${text}")
string(REPLACE " ${ORIGINAL}\n" "\n" text "${text}")
file(WRITE "${DEPS}" "${text}")
