#!/bin/sh
# Runs the four article benchmarks (checker/bench/articles) of an existing build:
#   run-article-benches.sh BUILD_DIR OUT_DIR
# Each program's CSV (its stdout) goes to OUT_DIR/<program>.csv, its stderr and exit status to
# OUT_DIR/run-article-benches.log. A failing program does not stop the others. One summary line
# per program on stdout. Exit status: 0 when every program ran (exit 0, or 77: skipped, no GPU),
# 1 when one failed or is missing, 2 on bad usage.
# The build needs MEMLAB_BUILD_BENCHMARKS=ON and code for the GPU it runs on (configure it on
# the GPU machine, or with -DCMAKE_CUDA_ARCHITECTURES=90 for an H200). ARTICLE_BENCH_TIMEOUT:
# seconds one program may run (default 300; needs timeout(1)).
set -u
if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$1
out=$2
mkdir -p "$out" || { echo "cannot create $out" >&2; exit 2; }
log="$out/run-article-benches.log"
: >"$log" || { echo "cannot write $log" >&2; exit 2; }
limit=${ARTICLE_BENCH_TIMEOUT:-300}
runner=""
if command -v timeout >/dev/null 2>&1; then runner="timeout $limit"; fi

status=0
for program in memlab-bench-article-transpose memlab-bench-article-reduce-trees memlab-bench-fp16-tiles \
  memlab-bench-swizzle-forms; do
  exe="$build/bin/$program"
  csv="$out/$program.csv"
  if [ ! -x "$exe" ]; then
    echo "$program: MISSING ($exe not built)" | tee -a "$log"
    status=1
    continue
  fi
  echo "==== $program ($(date -u +%Y-%m-%dT%H:%M:%SZ))" >>"$log"
  start=$(date +%s)
  # shellcheck disable=SC2086 # $runner is "timeout N" or empty, split on purpose
  $runner "$exe" >"$csv" 2>>"$log"
  rc=$?
  seconds=$(($(date +%s) - start))
  rows=$(($(wc -l <"$csv") - 1))
  [ $rows -lt 0 ] && rows=0
  # Rows whose last field (the note) is not empty.
  noted=$(awk -F, 'NR > 1 && $NF != "" { n++ } END { print n + 0 }' "$csv")
  case $rc in
    0) line="$program: ok, $rows rows ($noted with a note), ${seconds} s -> $csv" ;;
    77) line="$program: skipped (no GPU), ${seconds} s" ;;
    124 | 137) line="$program: FAILED, timed out after ${limit} s ($rows rows written) -> $csv"; status=1 ;;
    *) line="$program: FAILED, exit $rc after ${seconds} s ($rows rows written; see $log) -> $csv"; status=1 ;;
  esac
  echo "exit $rc" >>"$log"
  echo "$line" | tee -a "$log"
done
exit $status
