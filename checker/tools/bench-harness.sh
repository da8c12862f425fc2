#!/bin/sh
# Benchmark of the grading harness itself (not a test): grade the starter and the solution of
# one lab RUNS times in a row on this GPU, then report how much each measured value moved
# between gradings, whether every grading gave the same verdicts, and ctest's wall time per
# grading after the build.
#   checker/tools/bench-harness.sh [LAB] [RUNS]       (default: lab 04, 20 runs)
set -u
cd "$(dirname "$0")/../.." || exit 2
lab=${1:-04}
runs=${2:-20}
out=build/harness-bench/lab$lab
rm -rf "$out"
mkdir -p "$out"
for preset in "lab$lab" "lab$lab-solution"; do
  cmake --preset "$preset" >"$out/$preset.configure.log" 2>&1 && cmake --build --preset "$preset" >"$out/$preset.build.log" 2>&1 ||
    { echo "$preset: build failed (see $out)" >&2; exit 2; }
done
i=1
while [ "$i" -le "$runs" ]; do
  for preset in "lab$lab" "lab$lab-solution"; do
    start=$(date +%s.%N)
    ctest --preset "$preset" >"$out/$preset.run$i.log" 2>&1
    end=$(date +%s.%N)
    awk -v p="$preset" -v i="$i" -v s="$start" -v e="$end" 'BEGIN { printf "%s %d %.2f\n", p, i, e - s }' >>"$out/wall.txt"
    cp "build/$preset/results/lab$lab.json" "$out/$preset.run$i.json"
  done
  i=$((i + 1))
done
echo "ctest wall time per grading (s), after the build:"
for preset in "lab$lab" "lab$lab-solution"; do
  sort -n -k3 "$out/wall.txt" | awk -v p="$preset" '$1 == p { t[n++] = $3 } END { printf "  %s: min %.1f, median %.1f, max %.1f over %d runs\n", p, t[0], t[int(n/2)], t[n-1], n }'
done
echo
"build/lab$lab-solution/bin/memlab-report" --repeatability-table "$out"/*.json
