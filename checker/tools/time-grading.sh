#!/bin/sh
# How long grading one lab takes once it is built: the wall time of `ctest --preset PRESET -L labNN`
# (every suite, the build test and the report included), after one warm-up run.
#   checker/tools/time-grading.sh all-solution 04 3     (preset, lab, runs; prints one line a run)
# The grader's defences (verified samples, the judge, the contract) must keep this close to what
# it was without them: measure before and after a change to the checker.
set -u
cd "$(dirname "$0")/../.." || exit 2
preset=${1:?preset, e.g. all-solution}; lab=${2:?lab number, e.g. 04}; runs=${3:-3}
mkdir -p build
cmake --preset "$preset" >"build/$preset.time.log" 2>&1 && cmake --build --preset "$preset" >>"build/$preset.time.log" 2>&1 ||
  { echo "configure or build failed (see build/$preset.time.log)" >&2; exit 2; }
ctest --preset "$preset" -L "^lab$lab\$" -LE "^(wrong|style)\$" >/dev/null 2>&1  # warm-up: the student part is built here
for i in $(seq "$runs"); do
  start=$(date +%s.%N)
  ctest --preset "$preset" -L "^lab$lab\$" -LE "^(wrong|style)\$" >"build/$preset.time.lab$lab.$i.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  echo "lab $lab ($preset) run $i: $(awk "BEGIN { printf \"%.2f\", $end - $start }") s, ctest exit $rc"
done
