#!/bin/sh
# How long a student waits for the first verdict, and for the next one after an edit:
#   checker/tools/time-first-verdict.sh [LAB] [RUNS] [REVISION]   (default: lab 03, 1 run, HEAD)
# Each run takes a fresh copy of the course (git archive of REVISION, so no build folder and no
# compiler cache of this checkout helps it), then times, as a student types them:
#   cold   `cmake --preset labNN && ctest` (configure, build the tools and the checker, grade)
#   warm   one line added to the student's file, then `ctest` (rebuild what changed, grade again)
# and prints one line per run, plus each test's own time from ctest's output. Without a GPU the
# GPU checks are skipped, so the cold time is mostly the build. A compiler cache that the
# environment sets up (CCACHE_DIR and the like) is used as a student's would be: unset it for a
# truly cold run. With MEMLAB_FIRST_VERDICT_LOGS=DIR, each run also leaves its build's log of each
# compile (DIR/ninja-log-labNN-run-I.txt, Ninja's .ninja_log: start and end in ms, the file built)
# and ctest's output (DIR/cold-run-I.log, DIR/warm-run-I.log): where the time went.
set -u
cd "$(dirname "$0")/../.." || exit 2
lab=${1:-03}
runs=${2:-1}
revision=${3:-HEAD}
case "$lab" in [0-9][0-9]) ;; *) echo "usage: $0 [LAB (two digits)] [RUNS] [REVISION]" >&2; exit 2 ;; esac
lab_dir=$(git ls-tree --name-only "$revision" labs/ | grep "^labs/$lab-" | head -n 1)
student_file=$(git show "$revision:$lab_dir/lab.json" 2>/dev/null |
  tr -d '\n' | sed -n 's/.*"student_files": *\[ *"\([^"]*\)".*/\1/p')
[ -n "$student_file" ] || { echo "no lab $lab (labs/$lab-*/lab.json names no student file)" >&2; exit 2; }
now() { date +%s.%N; }
seconds() { awk "BEGIN { printf \"%.1f\", $2 - $1 }"; }
work=$(mktemp -d "${TMPDIR:-/tmp}/memlab-first-verdict.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
for i in $(seq "$runs"); do
  copy="$work/course-$i"
  mkdir "$copy" && git archive "$revision" | tar -x -C "$copy" || exit 2
  t0=$(now)
  (cd "$copy" && cmake --preset "lab$lab" >"$work/configure-$i.log" 2>&1) ||
    { echo "configure failed:" >&2; tail -n 20 "$work/configure-$i.log" >&2; exit 2; }
  t1=$(now)
  (cd "$copy" && ctest >"$work/cold-$i.log" 2>&1)
  cold_rc=$?
  t2=$(now)
  echo "// edited" >>"$copy/$lab_dir/$student_file"
  t3=$(now)
  (cd "$copy" && ctest >"$work/warm-$i.log" 2>&1)
  warm_rc=$?
  t4=$(now)
  echo "lab $lab run $i: cold $(seconds "$t0" "$t2") s (configure $(seconds "$t0" "$t1") s, ctest $(seconds "$t1" "$t2") s," \
    "exit $cold_rc); warm ctest after an edit $(seconds "$t3" "$t4") s (exit $warm_rc)"
  grep -E "^ *[0-9]+/[0-9]+ Test +#" "$work/cold-$i.log" | sed 's/^/  cold: /'
  grep -E "^ *[0-9]+/[0-9]+ Test +#" "$work/warm-$i.log" | sed 's/^/  warm: /'
  if [ -n "${MEMLAB_FIRST_VERDICT_LOGS:-}" ]; then
    logs=$MEMLAB_FIRST_VERDICT_LOGS
    mkdir -p "$logs" && cp "$work/cold-$i.log" "$logs/cold-run-$i.log" && cp "$work/warm-$i.log" "$logs/warm-run-$i.log" &&
      cp "$copy/build/lab$lab/.ninja_log" "$logs/ninja-log-lab$lab-run-$i.txt" ||
      echo "could not keep the logs of run $i in $logs" >&2
  fi
  rm -rf "$copy"
done
