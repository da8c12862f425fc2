#!/bin/sh
# Verify labs on this machine's GPU, as an instructor does before a course starts:
# every starter must pass its correctness checks and fail only its performance and mechanism
# checks; every solution must pass everything. Prints what it finds as Markdown tables.
#   checker/tools/verify-labs.sh            (every lab)
#   checker/tools/verify-labs.sh 03 04      (some labs)
#   checker/tools/verify-labs.sh --keep-reports docs/results/h200/RUN [labs...]
#   checker/tools/verify-labs.sh --skip-sanitizer [labs...]
#   checker/tools/verify-labs.sh --skip-known [--skip-sanitizer] [labs...]
#   checker/tools/verify-labs.sh --sanitizer-only [--keep-reports DIR] [labs...]
#   checker/tools/verify-labs.sh --known-only [--keep-reports DIR] [labs...]
#   checker/tools/verify-labs.sh --help
# Builds the `all` and `all-solution` presets side by side, then runs each lab's checks in
# turn (never two at once: they would disturb each other's timings).
# Then runs the course's own GPU tests of the labs' course code (checker/tests/labs/: lab 08's
# candidate kernels, lab 03's given mixed kernel), which the `all-solution` build also builds
# (MEMLAB_COURSE_LAB_TESTS): one at a time, each with its result in a table. They grade no
# student, so they are not in the verification table; a test that does not pass (failed, or
# skipped for want of a GPU) fails the run.
# Then grades the course's known-wrong submissions (solutions/wrong/) and checks each against the
# verdicts its expected.json lists, and the honest solutions in other styles
# (solutions/other-styles/), one at a time, each of which must get the verdicts its expected.json
# lists. --skip-known leaves both sets out: the starters' and solutions' verdicts only, the
# quickest run after a change to the checker library, on a GPU lent for minutes. --known-only is
# the other half: only the `all-solution` build and these two sets, no starter or solution
# verdicts, no course tests, no compute-sanitizer; so that a run of every lab fits in the minutes
# of a lent GPU as two calls.
# Then runs each reference solution's check program (build/all-solution/bin/labNN_check), its
# correctness suite only, under compute-sanitizer --tool memcheck, --tool racecheck and
# --tool synccheck, and each of the course's GPU tests of the selected labs the same way (a row
# of its own, named by the test), and prints a table: lab, tool, errors, verdict. Only the
# correctness suite: the hardware counters (CUPTI) do not work under compute-sanitizer, and the
# timed suites would only be slow. The program runs as memlab-judge runs it (--lab-dir,
# --results-dir, --suite, --variant), without the judge's record pipe: its records are then only
# printed, into the log,
# build/all-solution/sanitizer/labNN.TOOL.log. With --sanitizer-run, which a graded run refuses,
# the check that the work stayed on its stream keeps only its exact layer: the tools delay the
# device's idle and its timestamps, so the timing layers would see a stray stream (racecheck did,
# on the H200, in every lab with shared memory); a course test gets --sanitizer-run as well
# (racecheck did the same to lab 03's mixed-kernel test on the H100). Each run has --error-exitcode 99 and
# --print-limit MEMLAB_SANITIZER_PRINT_LIMIT (default 20), and --report-api-errors no: a failed
# CUDA call fails the correctness suite itself. A run is clean when the program passes its
# correctness suite and the tool's summary counts no error (racecheck's warnings are shown, not
# failed). racecheck checks only the first MEMLAB_RACECHECK_LAUNCHES (default 3; 0: all) kernel
# launches of each run (--launch-count), the checker's own kernels (input fills, GPU comparisons)
# counted: the tool tracks every shared-memory access, and on the H200 one launch of lab 03's
# sweep kernel took 11 s under it and one of lab 06's reductions 30 s, while a correctness suite
# launches its kernels hundreds of times. The other launches still run, unchecked, so the suite
# still passes or fails as a whole. --sanitizer-only builds only the `all-solution` preset and
# runs only this step (no verdicts, no known-wrong submissions): the step costs the most time on
# a GPU that is lent for minutes. compute-sanitizer is COMPUTE_SANITIZER, else the one on PATH, else
# ${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer; without one the script stops before it
# builds anything, unless --skip-sanitizer is given. MEMLAB_SANITIZER_TIMEOUT (seconds, default
# 1800) limits each run, and MEMLAB_LAUNCH_TIMEOUT is raised to MEMLAB_SANITIZER_LAUNCH_TIMEOUT
# (default 600) in it, since a kernel under the tools runs many times slower.
# --keep-reports DIR (a new or empty folder) keeps a copy of every report the run used, so that
# a results page can print its tables again from committed files (memlab-report --check-page):
#   DIR/starter/labNN.json     the `all` preset's reports (and labNN.txt, the same as text)
#   DIR/solution/labNN.json    the `all-solution` preset's (named for what they grade, so that
#                              the student copy's text, which names these paths, names no
#                              solution preset)
#   DIR/wrong/<case>/labNN.json  a known-wrong submission's report (DIR/other-styles/<case>/, an
#                              honest solution's in another style, the same way); the folder is made even
#                              without a report, so that the kept table says it was not written.
#                              Its expected.json is not copied: it is a file of solutions/, which
#                              the student copy leaves out; memlab-report --known-wrong-table reads
#                              it from solutions/wrong/<case>/ (solutions/other-styles/<case>/)
#   DIR/sanitizer/sanitizer.md the compute-sanitizer table, and labNN.TOOL.log, each run's log
#   DIR/verify-labs.txt        everything this script printed, tables and timing lines (which
#                              still go to stdout and stderr as without --keep-reports)
# and prints the memlab-report commands that print the tables from the copies, run from the
# repository root.
# MEMLAB_THRESHOLDS=file passes an instructor's overrides to both builds.
# The last line printed says what failed: unexpected verdicts, course tests that did not pass,
# known-wrong submissions, and the compute-sanitizer runs that were not clean, by lab (or course
# test) and tool.
# Exit status 0 only when every verdict is the expected one and every compute-sanitizer run is
# clean; 2 when the script cannot run (a bad command line or MEMLAB_RACECHECK_LAUNCHES, a full
# --keep-reports folder, no compute-sanitizer, no memlab-report built); else 1.
set -u
keep=""
sanitize=yes
skip_flag=no
only_flag=no
known=yes
known_only=no
usage="usage: verify-labs.sh [--keep-reports DIR] [--skip-known | --known-only] [--skip-sanitizer | --sanitizer-only] [NN ...]"
while [ $# -gt 0 ]; do
  case $1 in
    -h | --help) sed -n '2,/^set -u$/{/^set -u$/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;;
    --skip-sanitizer) skip_flag=yes; shift ;;
    --sanitizer-only) only_flag=yes; shift ;;
    --skip-known) known=no; shift ;;
    --known-only) known_only=yes; shift ;;
    --keep-reports) [ $# -ge 2 ] || { echo "verify-labs.sh: --keep-reports needs a folder" >&2; exit 2; }
                    keep=$2; shift 2
                    [ -n "$keep" ] || { echo "verify-labs.sh: --keep-reports needs a folder" >&2; exit 2; } ;;
    --keep-reports=*) keep=${1#--keep-reports=}; shift
                      [ -n "$keep" ] || { echo "verify-labs.sh: --keep-reports needs a folder" >&2; exit 2; } ;;
    --) shift; break ;;
    # Labs are numbers: anything else that looks like an option is a typo, not a lab to grade.
    -*) echo "verify-labs.sh: unknown option $1 ($usage)" >&2; exit 2 ;;
    *) break ;;
  esac
done
# DIR as the caller wrote it is relative to the caller's folder, not the repository root.
case $keep in "" | /*) ;; *) keep="$PWD/$keep" ;; esac

if [ "$skip_flag" = yes ] && [ "$only_flag" = yes ]; then
  echo "verify-labs.sh: --sanitizer-only and --skip-sanitizer exclude each other ($usage)" >&2
  exit 2
fi
if [ "$known_only" = yes ] && { [ "$known" = no ] || [ "$only_flag" = yes ]; }; then
  echo "verify-labs.sh: --known-only excludes --skip-known and --sanitizer-only ($usage)" >&2
  exit 2
fi
# The known cases have no compute-sanitizer step: --known-only needs no compute-sanitizer.
[ "$known_only" = no ] || skip_flag=yes
[ "$skip_flag" = no ] || sanitize=no
[ "$only_flag" = no ] || sanitize=only
case ${MEMLAB_RACECHECK_LAUNCHES:-3} in
  "" | *[!0-9]*) echo "verify-labs.sh: MEMLAB_RACECHECK_LAUNCHES=$MEMLAB_RACECHECK_LAUNCHES is not a count of launches" >&2; exit 2 ;;
esac
race_launches=${MEMLAB_RACECHECK_LAUNCHES:-3}

# compute-sanitizer, found before anything is built: a missing tool must not cost a whole run.
sanitizer=""
if [ "$sanitize" != no ]; then
  cuda_bin="${CUDA_HOME:-/usr/local/cuda}/bin"
  if [ -n "${COMPUTE_SANITIZER:-}" ]; then
    case $COMPUTE_SANITIZER in /*) sanitizer=$COMPUTE_SANITIZER ;; */*) sanitizer="$PWD/$COMPUTE_SANITIZER" ;;
                               *) sanitizer=$(command -v "$COMPUTE_SANITIZER" 2>/dev/null) ;; esac
    if [ -z "$sanitizer" ] || [ ! -x "$sanitizer" ]; then
      echo "verify-labs.sh: COMPUTE_SANITIZER=$COMPUTE_SANITIZER is not a program that can run" >&2
      exit 2
    fi
  elif command -v compute-sanitizer >/dev/null 2>&1; then
    sanitizer=$(command -v compute-sanitizer)
  elif [ -x "$cuda_bin/compute-sanitizer" ]; then
    sanitizer="$cuda_bin/compute-sanitizer"
  else
    echo "verify-labs.sh: compute-sanitizer is neither on PATH nor in $cuda_bin (it comes with the CUDA" >&2
    echo "Toolkit). Set COMPUTE_SANITIZER=/path/to/compute-sanitizer, or give --skip-sanitizer to verify" >&2
    echo "the labs without it." >&2
    exit 2
  fi
fi
cd "$(dirname "$0")/../.." || exit 2
# shellcheck disable=SC2012  # the labs' folders are named NN-name
labs=${*:-$(ls labs | sed -n 's/^\([0-9][0-9]\)-.*/\1/p')}
# shellcheck disable=SC2086  # split on purpose: one lab a word, joined with ';'
selected=$(echo $labs | tr ' ' ';')
mkdir -p build

keep_rel=""
if [ -n "$keep" ]; then
  # A folder that already holds reports would mix two runs in one table.
  if [ -d "$keep" ] && [ -n "$(ls -A "$keep")" ]; then
    echo "verify-labs.sh: --keep-reports $keep: the folder is not empty; give a new one" >&2
    exit 2
  fi
  mkdir -p "$keep" || exit 2
  keep=$(cd "$keep" && pwd -P)
  root=$(pwd -P)
  # The commands printed at the end run from the repository root: paths under it are relative.
  case $keep in "$root"/*) keep_rel=${keep#"$root"/} ;; *) keep_rel=$keep ;; esac
fi

# Copies labNN.json (and labNN.txt beside it) into folder $2, when --keep-reports is given.
# A copy that fails is said (on stderr, so in verify-labs.txt too) and returns 1, so that the
# printed commands do not name it; the verdicts, and so the exit status, are the run's.
keep_report() {
  [ -n "$keep" ] || return 0
  if mkdir -p "$2" && cp "$1" "$2/" && { [ ! -f "${1%.json}.txt" ] || cp "${1%.json}.txt" "$2/"; }; then
    return 0
  fi
  echo "verify-labs.sh: could not keep $1 in $2" >&2
  return 1
}

# A path as one word of the printed commands: quoted when it holds anything but [A-Za-z0-9_./-],
# in '...' or, when it holds a ', in "..." (memlab-report --check-page reads both quotes in a
# block's command, and no escapes).
shell_word() {
  case $1 in
    *\'*) printf '"%s"' "$1" ;;
    *[!A-Za-z0-9_./-]*) printf "'%s'" "$1" ;;
    *) printf '%s' "$1" ;;
  esac
}

# The table of the known cases in solutions/FOLDER/ (wrong, other-styles) of the selected labs:
# each graded report against its expected.json. Sets failed_cases to the number not as expected.
known_cases() {
  folder=$1
  echo "| $2 | as expected |"
  echo "| --- | --- |"
  failed_cases=0
  for expected in solutions/"$folder"/*/expected.json; do
    [ -f "$expected" ] || continue
    case=$(basename "$(dirname "$expected")")
    n=$(sed -n 's/.*"lab": *"\([0-9][0-9]\)".*/\1/p' "$expected" | head -n 1)
    echo "$selected" | tr ';' '\n' | grep -qx "$n" || continue
    report="build/all-solution/$folder/$case/results/lab$n.json"
    if [ -n "$keep" ]; then
      # The case's folder even without a report: the kept table says it was not written. Not
      # expected.json, a file of solutions/ (memlab-report reads it from solutions/FOLDER/).
      mkdir -p "$keep/$folder/$case" || echo "verify-labs.sh: could not make $keep/$folder/$case" >&2
      [ ! -f "$report" ] || keep_report "$report" "$keep/$folder/$case"
    fi
    if out=$("$tool" --expect "$expected" --report "$report" 2>&1); then
      echo "| $case | yes |"
    else
      failed_cases=$((failed_cases + 1))
      # "  NO check: ..." lines, or the one "NO: ... was not written" of a grading that did not
      # finish.
      echo "| $case | NO: $(echo "$out" | grep '^ *NO' | sed 's/^NO: //' | tr '\n' ' ' | cut -c1-300) |"
    fi
  done
}

build() {
  start=$(date +%s)
  # The solution build also builds the course's tests of the labs' own code, and grades the
  # known-wrong submissions.
  extra=""
  [ "$1" = all-solution ] && extra="-DMEMLAB_COURSE_LAB_TESTS=ON"
  [ "$1" = all-solution ] && [ "$known" = yes ] && extra="$extra -DMEMLAB_WRONG_SUBMISSIONS=ON"
  # shellcheck disable=SC2086
  if cmake --preset "$1" -DMEMLAB_LABS="$selected" -DMEMLAB_THRESHOLDS="${MEMLAB_THRESHOLDS:-}" $extra >"build/$1.log" 2>&1 &&
     cmake --build --preset "$1" >>"build/$1.log" 2>&1; then
    echo "$1: built in $(($(date +%s) - start)) s" >&2
  else
    echo "$1: configure or build FAILED (see build/$1.log)" >&2
    tail -n 40 "build/$1.log" >&2
  fi
}

# The first number after `pattern` in the log's last line that has it ("" when none does).
count_after() {
  sed -n "s/.*$1 *\([0-9][0-9]*\).*/\1/p" "$2" | tail -n 1
}

# The course's GPU tests of lab $1 that the all-solution tree built, one a line: "<test
# name><tab><program>" (checker/tests/labs/CMakeLists.txt writes the list).
tab=$(printf '\t')
course_gpu_tests() {
  [ ! -f build/all-solution/course_gpu_tests.txt ] || grep "^lab$1\.course\." build/all-solution/course_gpu_tests.txt
}

# One reference solution's check program, its correctness suite, under one compute-sanitizer
# tool; or, given a fifth argument, the course's GPU test of that name (its program, whole).
# Prints the table's row and, when the run is not clean, adds " lab NN TOOL (why)" (" TEST TOOL
# (why)") to sanitizer_failed.
sanitize_one() {
  n=$1 san_tool=$2 lab_dir=$3 program=$4 course_test=${5:-}
  san_dir=build/all-solution/sanitizer
  if [ -n "$course_test" ]; then
    san_log="$san_dir/$course_test.$san_tool.log" row="$n ($course_test)" who=$course_test what="the test"
  else
    san_log="$san_dir/lab$n.$san_tool.log" row=$n who="lab $n" what="the correctness suite"
    rm -rf "$san_dir/lab$n.$san_tool"
    mkdir -p "$san_dir/lab$n.$san_tool"
  fi
  limit=""
  command -v timeout >/dev/null 2>&1 && limit="timeout -k 30 ${MEMLAB_SANITIZER_TIMEOUT:-1800}"
  count=""
  [ "$san_tool" != racecheck ] || [ "$race_launches" -eq 0 ] || count="--launch-count $race_launches"
  start=$(date +%s)
  if [ -n "$course_test" ]; then
    # A doctest program of its own: one option, --sanitizer-run, as for a check program.
    # shellcheck disable=SC2086  # $limit, $count: an option and its value, or nothing
    MEMLAB_LAUNCH_TIMEOUT=${MEMLAB_SANITIZER_LAUNCH_TIMEOUT:-600} $limit "$sanitizer" --tool "$san_tool" $count \
      --error-exitcode 99 --print-limit "${MEMLAB_SANITIZER_PRINT_LIMIT:-20}" --report-api-errors no \
      --target-processes application-only "$program" --sanitizer-run >"$san_log" 2>&1 </dev/null
  else
    # The check program launches the recorded plans: the grading's answer file (the ctest run's, or
    # a new one), its recorder and the solution's device code, as memlab-judge gives them. The
    # recorder, a process of its own, is not sanitized: it runs no kernel.
    staged="build/all-solution/submission/${lab_dir##*/}"
    mkdir -p "$staged.answers"
    device_code=""
    for fatbin in "$staged".device/*.fatbin; do
      [ -f "$fatbin" ] && device_code="$device_code --device-code $fatbin"
    done
    # shellcheck disable=SC2086  # $limit, $count, $device_code: options and their values, or nothing
    MEMLAB_LAUNCH_TIMEOUT=${MEMLAB_SANITIZER_LAUNCH_TIMEOUT:-600} $limit "$sanitizer" --tool "$san_tool" $count \
      --error-exitcode 99 --print-limit "${MEMLAB_SANITIZER_PRINT_LIMIT:-20}" --report-api-errors no \
      --target-processes application-only \
      "$program" --lab-dir "$lab_dir" --results-dir "$san_dir/lab$n.$san_tool" --suite correctness \
      --variant solution --sanitizer-run --answers "$staged.answers/answers.jsonl" \
      --recorder "build/all-solution/bin/lab${n}_recorder"$device_code >"$san_log" 2>&1 </dev/null
  fi
  rc=$?
  echo "$who ($san_tool): compute-sanitizer $(($(date +%s) - start)) s (log: $san_log)" >&2
  if [ "$san_tool" = racecheck ]; then
    errors=$(sed -n 's/.*RACECHECK SUMMARY:.*(\([0-9][0-9]*\) error.*/\1/p' "$san_log" | tail -n 1)
    warnings=$(sed -n 's/.*RACECHECK SUMMARY:.*error[s]*, *\([0-9][0-9]*\) warning.*/\1/p' "$san_log" | tail -n 1)
  else
    errors=$(count_after "ERROR SUMMARY:" "$san_log")
    warnings=""
  fi
  why=""
  case $rc in
    0) [ -n "$errors" ] || why="no error summary in the log" ;;
    99) why="${errors:-some} error(s)" ;;
    124 | 137) why="did not end in ${MEMLAB_SANITIZER_TIMEOUT:-1800} s" ;;
    77) why="$what skipped: $(sed -n 's/^SKIPPED: //p' "$san_log" | head -n 1 | cut -c1-120)" ;;
    *) why="$what exited $rc" ;;
  esac
  [ -z "$why" ] && [ "${errors:-0}" -gt 0 ] && why="$errors error(s)"
  if [ -z "$why" ]; then
    verdict=clean
    [ "${warnings:-0}" -eq 0 ] || verdict="clean ($warnings warning(s), not errors)"
  else
    verdict="FAIL: $why"
    sanitizer_failed="$sanitizer_failed $who $san_tool ($why);"
  fi
  echo "| $row | $san_tool | ${errors:--} | $verdict |"
}

# Every selected lab's reference solution under memcheck, racecheck and synccheck; the table goes
# to stdout and, with --keep-reports, to DIR/sanitizer/sanitizer.md with the logs.
sanitize_solutions() {
  san_dir=build/all-solution/sanitizer
  mkdir -p "$san_dir"
  san_table="$san_dir/sanitizer.md"
  runs=0
  {
    echo "compute-sanitizer on each reference solution's correctness suite: $("$sanitizer" --version 2>&1 | grep -i version | tail -n 1)"
    if [ "$race_launches" -eq 0 ]; then
      echo "racecheck checked every kernel launch."
    else
      echo "racecheck checked the first $race_launches kernel launch(es) of each run (MEMLAB_RACECHECK_LAUNCHES); the rest ran unchecked."
    fi
    echo
    echo "| lab | tool | errors | verdict |"
    echo "| --- | --- | --- | --- |"
    for n in $labs; do
      lab_dir=""
      for d in labs/"$n"-*/; do
        if [ -d "$d" ]; then lab_dir=${d%/}; break; fi
      done
      program="build/all-solution/bin/lab${n}_check"
      if [ -z "$lab_dir" ]; then
        echo "| $n | - | - | FAIL: no folder labs/$n-* |"
        sanitizer_failed="$sanitizer_failed lab $n (no folder);"
      elif ! grep -q '"suite": *"correctness"' "$lab_dir/lab.json" 2>/dev/null; then
        echo "| $n | - | - | no correctness suite |"
      elif [ ! -x "$program" ]; then
        echo "| $n | - | - | FAIL: no check program $program (see the build and ctest logs) |"
        sanitizer_failed="$sanitizer_failed lab $n (no check program);"
      else
        for san_tool in memcheck racecheck synccheck; do
          sanitize_one "$n" "$san_tool" "$lab_dir" "$program"
          runs=$((runs + 1))
        done
      fi
      # The course's GPU tests of the lab: the course's own kernels, which no suite runs.
      tests=$(course_gpu_tests "$n")
      while IFS="$tab" read -r course_test course_program; do
        [ -n "$course_test" ] || continue
        if [ ! -x "$course_program" ]; then
          echo "| $n ($course_test) | - | - | FAIL: no program $course_program (see build/all-solution.log) |"
          sanitizer_failed="$sanitizer_failed $course_test (no program);"
          continue
        fi
        for san_tool in memcheck racecheck synccheck; do
          sanitize_one "$n" "$san_tool" "$lab_dir" "$course_program" "$course_test"
          runs=$((runs + 1))
        done
      done <<EOF
$tests
EOF
    done
    echo
    not_clean=$(printf '%s' "$sanitizer_failed" | tr -cd ';' | wc -c | tr -d ' ')
    echo "compute-sanitizer: $runs run(s), $not_clean problem(s); each run's log is $san_dir/labNN.TOOL.log (a course test's, TEST.TOOL.log)"
  } >"$san_table"
  echo
  cat "$san_table"
  if [ -n "$keep" ]; then
    if ! { mkdir -p "$keep/sanitizer" && cp "$san_table" "$san_dir"/lab*.log "$keep/sanitizer/" 2>/dev/null; }; then
      # No logs when no lab ran a tool: the table alone.
      cp "$san_table" "$keep/sanitizer/" || echo "verify-labs.sh: could not keep $san_table in $keep/sanitizer" >&2
    fi
  fi
}

# --sanitizer-only: the solutions' build and the compute-sanitizer step, nothing else.
verify_sanitizer_only() {
  build all-solution
  # The check programs are built by each lab's first test (memlab-judge build), as in a graded run.
  for n in $labs; do
    start=$(date +%s)
    ctest --preset all-solution -R "^lab$n\\.build\$" >"build/all-solution.lab$n.build.log" 2>&1
    echo "lab $n (all-solution): check program built in $(($(date +%s) - start)) s (log: build/all-solution.lab$n.build.log)" >&2
  done
  sanitizer_failed=""
  sanitize_solutions
  if [ -n "$keep" ]; then
    echo
    echo "The compute-sanitizer table, with each run's log beside it: $keep_rel/sanitizer/sanitizer.md"
  fi
  echo
  if [ -n "$sanitizer_failed" ]; then
    echo "verify-labs.sh: FAILED: compute-sanitizer:${sanitizer_failed%;}"
    return 1
  fi
  echo "verify-labs.sh: every compute-sanitizer run clean (verdicts not checked: --sanitizer-only)"
}

# The course's GPU tests of the selected labs (course_gpu_tests), one at a time, as ctest runs
# them; prints their table and sets course_failed to the number that did not pass (a test that
# skipped, for want of a GPU, did not pass either).
run_course_tests() {
  echo
  echo "| course test | result |"
  echo "| --- | --- |"
  course_failed=0
  listed=0
  for n in $labs; do
    tests=$(course_gpu_tests "$n")
    while IFS="$tab" read -r course_test course_program; do
      [ -n "$course_test" ] || continue
      listed=$((listed + 1))
      log="build/all-solution.$course_test.log"
      pattern=$(echo "$course_test" | sed 's/[.]/\\./g')
      start=$(date +%s)
      ctest --preset all-solution -R "^$pattern\$" -V >"$log" 2>&1
      rc=$?
      echo "$course_test: ctest $(($(date +%s) - start)) s (log: $log)" >&2
      line=$(grep "Test *#[0-9]*: $pattern " "$log" | tail -n 1)
      case $rc:$line in
        0:*Passed*) result=passed ;;
        0:*Skipped*) result="NO: skipped: $(sed -n 's/.*SKIPPED: //p' "$log" | head -n 1 | cut -c1-200)" ;;
        *) result="NO: failed (exit $rc; log: $log)" ;;
      esac
      [ "$result" = passed ] || course_failed=$((course_failed + 1))
      echo "| $course_test | $result |"
    done <<EOF
$tests
EOF
  done
  [ "$listed" -gt 0 ] || echo "| - | no course GPU test of the selected labs in this tree |"
  echo
  echo "$course_failed course test(s) did not pass"
}

# The known-wrong submissions (solutions/wrong/), then the honest solutions in other styles
# (solutions/other-styles/), each against its expected.json. Sets wrong_failed and style_failed.
verify_known() {
  # The known-wrong submissions: a short launch deadline, so that the ones that hang end soon.
  start=$(date +%s)
  MEMLAB_LAUNCH_TIMEOUT=${MEMLAB_LAUNCH_TIMEOUT:-10} ctest --preset all-solution -j 8 -L "^wrong\$" >build/all-solution.wrong.log 2>&1
  echo "known-wrong submissions: ctest $(($(date +%s) - start)) s (log: build/all-solution.wrong.log)" >&2
  echo
  known_cases wrong "known-wrong submission"
  wrong_failed=$failed_cases
  echo
  echo "$wrong_failed known-wrong submission(s) not graded as expected"

  # The honest solutions in other styles: one at a time, so that their timed checks are not
  # disturbed.
  start=$(date +%s)
  ctest --preset all-solution -L "^style\$" >build/all-solution.style.log 2>&1
  echo "other-style solutions: ctest $(($(date +%s) - start)) s (log: build/all-solution.style.log)" >&2
  echo
  known_cases other-styles "other-style solution"
  style_failed=$failed_cases
  echo
  echo "$style_failed other-style solution(s) not graded as expected"
}

# --known-only: the solutions' build (with the known cases) and the two tables, nothing else.
verify_known_only() {
  build all-solution
  tool=build/all-solution/bin/memlab-report
  [ -x "$tool" ] || { echo "no memlab-report was built" >&2; return 2; }
  verify_known
  if [ -n "$keep" ]; then
    echo
    echo "Reports kept in $keep_rel. From the repository root, the tables print again with:"
    echo
    echo "  memlab-report --known-wrong-table $(shell_word "$keep_rel/wrong")"
    echo "  memlab-report --known-wrong-table $(shell_word "$keep_rel/other-styles")"
  fi
  failed=""
  [ "$wrong_failed" -eq 0 ] || failed="$wrong_failed known-wrong submission(s) not graded as expected"
  [ "$style_failed" -eq 0 ] || failed="${failed:+$failed; }$style_failed other-style solution(s) not graded as expected"
  echo
  if [ -n "$failed" ]; then
    echo "verify-labs.sh: FAILED: $failed"
    return 1
  fi
  echo "verify-labs.sh: every known case as expected (starters, solutions and compute-sanitizer not run: --known-only)"
}

verify() {
  [ "$sanitize" != only ] || { verify_sanitizer_only; return $?; }
  [ "$known_only" = no ] || { verify_known_only; return $?; }
  build all & build all-solution & wait

  reports=""
  kept_reports=""
  for n in $labs; do
    for preset in all all-solution; do
      start=$(date +%s)
      ctest --preset "$preset" -L "^lab$n\$" -LE "^(wrong|style)\$" >"build/$preset.lab$n.log" 2>&1
      echo "lab $n ($preset): ctest $(($(date +%s) - start)) s (log: build/$preset.lab$n.log)" >&2
      report="build/$preset/results/lab$n.json"
      if [ -f "$report" ]; then
        reports="$reports $report"
        kept=starter
        [ "$preset" = all-solution ] && kept=solution
        if [ -n "$keep" ] && keep_report "$report" "$keep/$kept"; then
          kept_reports="$kept_reports $(shell_word "$keep_rel/$kept/lab$n.json")"
        fi
      else
        echo "lab $n ($preset): no report" >&2
      fi
    done
  done
  tool=build/all-solution/bin/memlab-report
  [ -x "$tool" ] || tool=build/all/bin/memlab-report
  [ -x "$tool" ] || { echo "no memlab-report was built" >&2; return 2; }
  # shellcheck disable=SC2086
  "$tool" --verification-table $reports
  table=$?

  # The course's own GPU tests: they grade no student, so they have a table of their own.
  run_course_tests

  wrong_failed=0
  style_failed=0
  if [ "$known" = no ]; then
    echo
    echo "known-wrong and other-style submissions: skipped (--skip-known)"
  else
    verify_known
  fi

  sanitizer_failed=""
  if [ "$sanitize" = yes ]; then
    sanitize_solutions
  else
    echo
    echo "compute-sanitizer: skipped (--skip-sanitizer)"
  fi
  if [ -n "$keep" ]; then
    echo
    echo "Reports kept in $keep_rel. From the repository root, the tables print again with"
    echo "(memlab-report is $tool):"
    echo
    [ -z "$kept_reports" ] || echo "  memlab-report --verification-table$kept_reports"
    [ ! -d "$keep/wrong" ] || echo "  memlab-report --known-wrong-table $(shell_word "$keep_rel/wrong")"
    [ ! -d "$keep/other-styles" ] || echo "  memlab-report --known-wrong-table $(shell_word "$keep_rel/other-styles")"
    echo
    echo "In a page, put each command in <!-- generated: COMMAND --> ... <!-- generated: end -->"
    echo "and fill the blocks with: memlab-report --check-page PAGE --write"
    [ "$sanitize" = no ] || echo "The compute-sanitizer table, with each run's log beside it: $keep_rel/sanitizer/sanitizer.md"
  fi

  failed=""
  [ "$table" -eq 0 ] || failed="unexpected verdicts in the verification table"
  [ "$course_failed" -eq 0 ] || failed="${failed:+$failed; }$course_failed course test(s) did not pass"
  [ "$wrong_failed" -eq 0 ] || failed="${failed:+$failed; }$wrong_failed known-wrong submission(s) not graded as expected"
  [ "$style_failed" -eq 0 ] || failed="${failed:+$failed; }$style_failed other-style solution(s) not graded as expected"
  [ -z "$sanitizer_failed" ] || failed="${failed:+$failed; }compute-sanitizer:${sanitizer_failed%;}"
  echo
  if [ -n "$failed" ]; then
    echo "verify-labs.sh: FAILED: $failed"
    return 1
  fi
  if [ "$sanitize" = yes ]; then
    echo "verify-labs.sh: every verdict as expected, every compute-sanitizer run clean"
  else
    echo "verify-labs.sh: every verdict as expected (compute-sanitizer skipped)"
  fi
}

if [ -z "$keep" ]; then
  verify
  exit $?
fi
# Everything printed, timing lines and tables, also goes to DIR/verify-labs.txt, while stdout
# (the tables) and stderr (the timing lines) stay apart as without --keep-reports: fd 3 takes
# verify's stdout past the inner tee, which takes its stderr. The two tees append to the file
# as the lines come. A pipeline hides verify's status from the shell, so a file carries it out.
log="$keep/verify-labs.txt"
: >"$log" || exit 2
status_file=$(mktemp) || exit 2
{
  { verify; echo $? >"$status_file"; } 2>&1 >&3 3>&- | tee -a "$log" >&2 3>&-
} 3>&1 | tee -a "$log"
status=$(cat "$status_file")
rm -f "$status_file"
exit "${status:-2}"
