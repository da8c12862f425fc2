#!/bin/sh
# Verify labs on this machine's GPU, as an instructor does before a course starts:
# every starter must pass its correctness checks and fail only its performance and mechanism
# checks; every solution must pass everything. Prints one Markdown table.
#   checker/tools/verify-labs.sh            (every lab)
#   checker/tools/verify-labs.sh 03 04      (some labs)
# Builds the `all` and `all-solution` presets side by side, then runs each lab's checks in
# turn (never two at once: they would disturb each other's timings).
# Then grades the course's known-wrong submissions (solutions/wrong/) and checks each against the
# verdicts its expected.json lists.
# MEMLAB_THRESHOLDS=file passes an instructor's overrides to both builds.
# Exit status 0 only when every verdict is the expected one.
set -u
cd "$(dirname "$0")/../.." || exit 2
labs=${*:-$(ls labs | sed -n 's/^\([0-9][0-9]\)-.*/\1/p')}
selected=$(echo $labs | tr ' ' ';')
mkdir -p build

build() {
  start=$(date +%s)
  # The solution build also grades the known-wrong submissions.
  extra=""
  [ "$1" = all-solution ] && extra="-DMEMLAB_WRONG_SUBMISSIONS=ON"
  # shellcheck disable=SC2086
  if cmake --preset "$1" -DMEMLAB_LABS="$selected" -DMEMLAB_THRESHOLDS="${MEMLAB_THRESHOLDS:-}" $extra >"build/$1.log" 2>&1 &&
     cmake --build --preset "$1" >>"build/$1.log" 2>&1; then
    echo "$1: built in $(($(date +%s) - start)) s" >&2
  else
    echo "$1: configure or build FAILED (see build/$1.log)" >&2
    tail -n 40 "build/$1.log" >&2
  fi
}
build all & build all-solution & wait

reports=""
for n in $labs; do
  for preset in all all-solution; do
    start=$(date +%s)
    ctest --preset "$preset" -L "^lab$n\$" -LE "^wrong\$" >"build/$preset.lab$n.log" 2>&1
    echo "lab $n ($preset): ctest $(($(date +%s) - start)) s (log: build/$preset.lab$n.log)" >&2
    report="build/$preset/results/lab$n.json"
    if [ -f "$report" ]; then reports="$reports $report"; else echo "lab $n ($preset): no report" >&2; fi
  done
done
tool=build/all-solution/bin/memlab-report
[ -x "$tool" ] || tool=build/all/bin/memlab-report
[ -x "$tool" ] || { echo "no memlab-report was built" >&2; exit 2; }
# shellcheck disable=SC2086
"$tool" --verification-table $reports
table=$?

# The known-wrong submissions: a short launch deadline, so that the ones that hang end soon.
start=$(date +%s)
MEMLAB_LAUNCH_TIMEOUT=${MEMLAB_LAUNCH_TIMEOUT:-10} ctest --preset all-solution -j 8 -L "^wrong\$" >build/all-solution.wrong.log 2>&1
echo "known-wrong submissions: ctest $(($(date +%s) - start)) s (log: build/all-solution.wrong.log)" >&2
echo
echo "| known-wrong submission | as expected |"
echo "| --- | --- |"
wrong_failed=0
for expected in solutions/wrong/*/expected.json; do
  case=$(basename "$(dirname "$expected")")
  n=$(sed -n 's/.*"lab": *"\([0-9][0-9]\)".*/\1/p' "$expected" | head -n 1)
  echo "$selected" | tr ';' '\n' | grep -qx "$n" || continue
  if out=$("$tool" --expect "$expected" --report "build/all-solution/wrong/$case/results/lab$n.json" 2>&1); then
    echo "| $case | yes |"
  else
    wrong_failed=$((wrong_failed + 1))
    echo "| $case | NO: $(echo "$out" | grep '^  NO' | tr '\n' ' ' | cut -c1-300) |"
  fi
done
echo
echo "$wrong_failed known-wrong submission(s) not graded as expected"
[ "$table" -eq 0 ] && [ "$wrong_failed" -eq 0 ]
