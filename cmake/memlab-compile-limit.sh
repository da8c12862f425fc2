#!/bin/sh
# The compiler launcher of a class grading tree's student files: memlab-compile-limit.sh SECONDS
# COMPILER ARGS... A compile that does not end within SECONDS is stopped and reported as that
# student's compile error, instead of holding every other submission of the class.
limit=$1
shift
timeout --kill-after=10 "$limit" "$@"
status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "error: the compiler did not finish within $limit s (the grading limit for one student file)" >&2
fi
exit "$status"
