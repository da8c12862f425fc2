#!/bin/sh
# Verify labs on this machine's GPU, as an instructor does before a course starts:
# every starter must pass its cpu and correctness checks and fail only its performance and
# mechanism checks; every solution must pass everything. Prints one Markdown table.
#   checker/tools/verify-labs.sh            (every lab)
#   checker/tools/verify-labs.sh 03 04      (some labs)
# Exit status 0 only when every verdict is the expected one.
set -u
cd "$(dirname "$0")/../.." || exit 2
labs=${*:-$(ls labs | sed -n 's/^\([0-9][0-9]\)-.*/\1/p')}
reports=""
for n in $labs; do
  for preset in "lab$n" "lab$n-solution"; do
    log="build/$preset.log"
    mkdir -p build
    start=$(date +%s)
    if cmake --preset "$preset" >"$log" 2>&1 && cmake --build --preset "$preset" >>"$log" 2>&1; then
      built=$(date +%s)
      ctest --preset "$preset" >>"$log" 2>&1
      echo "$preset: build $((built - start)) s, ctest $(($(date +%s) - built)) s (log: $log)" >&2
    else
      echo "$preset: configure or build FAILED (see $log)" >&2
      tail -n 30 "$log" >&2
    fi
    [ -f "build/$preset/results/lab$n.json" ] && reports="$reports build/$preset/results/lab$n.json"
  done
done
# Any build tree's memlab-report will do.
tool=$(ls build/lab*/bin/memlab-report 2>/dev/null | head -n 1)
[ -n "$tool" ] || { echo "no memlab-report was built" >&2; exit 2; }
# shellcheck disable=SC2086
"$tool" --verification-table $reports
