#!/bin/sh
# Benchmark (not a test): the reference solutions of labs 04, 05 and 06, and lab 08's fastest
# candidate, against the libraries a user would pick instead (cuBLAS's Sgeam transpose, CUB's
# DeviceReduce::Sum), timed as interleaved pairs on this GPU. Prints one Markdown table; "ratio"
# is library time / ours.
set -u
cd "$(dirname "$0")/../.." || exit 2
build=build/bench-libraries
mkdir -p build
cmake --preset all-solution -B "$build" -DMEMLAB_BUILD_BENCHMARKS=ON -DMEMLAB_LABS="04;05;06" >"$build.log" 2>&1 &&
  cmake --build "$build" --target memlab-bench-lab04 memlab-bench-lab05 memlab-bench-lab08 memlab-bench-lab06 >>"$build.log" 2>&1 ||
  { echo "build failed (see $build.log)" >&2; tail -n 30 "$build.log" >&2; exit 2; }
echo "| comparison | library | ours | library | speed of ours vs library |"
echo "| --- | --- | --- | --- | --- |"
status=0
for n in 04 05 08 06; do "$build/bin/memlab-bench-lab$n" || status=1; done
exit $status
