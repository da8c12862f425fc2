#!/bin/sh
# Verify labs on this machine's GPU, as an instructor does before a course starts:
# every starter must pass its correctness checks and fail only its performance and mechanism
# checks; every solution must pass everything. Prints one Markdown table.
#   checker/tools/verify-labs.sh            (every lab)
#   checker/tools/verify-labs.sh 03 04      (some labs)
# Builds the `all` and `all-solution` presets side by side, then runs each lab's checks in
# turn (never two at once: they would disturb each other's timings).
# Exit status 0 only when every verdict is the expected one.
set -u
cd "$(dirname "$0")/../.." || exit 2
labs=${*:-$(ls labs | sed -n 's/^\([0-9][0-9]\)-.*/\1/p')}
selected=$(echo $labs | tr ' ' ';')
mkdir -p build

build() {
  start=$(date +%s)
  if cmake --preset "$1" -DMEMLAB_LABS="$selected" >"build/$1.log" 2>&1 && cmake --build --preset "$1" >>"build/$1.log" 2>&1; then
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
    ctest --preset "$preset" -L "^lab$n\$" >"build/$preset.lab$n.log" 2>&1
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
