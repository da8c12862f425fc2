#!/bin/sh
# Verify labs on this machine's GPU, as an instructor does before a course starts:
# every starter must pass its correctness checks and fail only its performance and mechanism
# checks; every solution must pass everything. Prints one Markdown table.
#   checker/tools/verify-labs.sh            (every lab)
#   checker/tools/verify-labs.sh 03 04      (some labs)
#   checker/tools/verify-labs.sh --keep-reports docs/results/h200/RUN [labs...]
# Builds the `all` and `all-solution` presets side by side, then runs each lab's checks in
# turn (never two at once: they would disturb each other's timings).
# Then grades the course's known-wrong submissions (solutions/wrong/) and checks each against the
# verdicts its expected.json lists.
# --keep-reports DIR (a new or empty folder) keeps a copy of every report the run used, so that
# a results page can print its tables again from committed files (memlab-report --check-page):
#   DIR/starter/labNN.json     the `all` preset's reports (and labNN.txt, the same as text)
#   DIR/solution/labNN.json    the `all-solution` preset's (named for what they grade, so that
#                              the student copy's text, which names these paths, names no
#                              solution preset)
#   DIR/wrong/<case>/labNN.json and the expected.json it was checked against
#   DIR/verify-labs.txt        everything this script printed, tables and timing lines (which
#                              still go to stdout and stderr as without --keep-reports)
# and prints the memlab-report commands that print the tables from the copies, run from the
# repository root.
# MEMLAB_THRESHOLDS=file passes an instructor's overrides to both builds.
# Exit status 0 only when every verdict is the expected one; 2 when the script cannot run (a bad
# command line, a full --keep-reports folder, no memlab-report built); else 1.
set -u
keep=""
while [ $# -gt 0 ]; do
  case $1 in
    --keep-reports) [ $# -ge 2 ] || { echo "verify-labs.sh: --keep-reports needs a folder" >&2; exit 2; }
                    keep=$2; shift 2
                    [ -n "$keep" ] || { echo "verify-labs.sh: --keep-reports needs a folder" >&2; exit 2; } ;;
    --keep-reports=*) keep=${1#--keep-reports=}; shift
                      [ -n "$keep" ] || { echo "verify-labs.sh: --keep-reports needs a folder" >&2; exit 2; } ;;
    --) shift; break ;;
    # Labs are numbers: anything else that looks like an option is a typo, not a lab to grade.
    -*) echo "verify-labs.sh: unknown option $1 (usage: verify-labs.sh [--keep-reports DIR] [NN ...])" >&2; exit 2 ;;
    *) break ;;
  esac
done
# DIR as the caller wrote it is relative to the caller's folder, not the repository root.
case $keep in "" | /*) ;; *) keep="$PWD/$keep" ;; esac
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

verify() {
  build all & build all-solution & wait

  reports=""
  kept_reports=""
  for n in $labs; do
    for preset in all all-solution; do
      start=$(date +%s)
      ctest --preset "$preset" -L "^lab$n\$" -LE "^wrong\$" >"build/$preset.lab$n.log" 2>&1
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
    report="build/all-solution/wrong/$case/results/lab$n.json"
    if [ -n "$keep" ]; then
      # expected.json too, and even without a report: the kept table says it was not written.
      mkdir -p "$keep/wrong/$case" && cp "$expected" "$keep/wrong/$case/" ||
        echo "verify-labs.sh: could not keep $expected in $keep/wrong/$case" >&2
      [ ! -f "$report" ] || keep_report "$report" "$keep/wrong/$case"
    fi
    if out=$("$tool" --expect "$expected" --report "$report" 2>&1); then
      echo "| $case | yes |"
    else
      wrong_failed=$((wrong_failed + 1))
      # "  NO check: ..." lines, or the one "NO: ... was not written" of a grading that did not
      # finish (before, the row said only "NO:" then).
      echo "| $case | NO: $(echo "$out" | grep '^ *NO' | sed 's/^NO: //' | tr '\n' ' ' | cut -c1-300) |"
    fi
  done
  echo
  echo "$wrong_failed known-wrong submission(s) not graded as expected"
  if [ -n "$keep" ]; then
    echo
    echo "Reports kept in $keep_rel. From the repository root, the tables print again with"
    echo "(memlab-report is $tool):"
    echo
    [ -z "$kept_reports" ] || echo "  memlab-report --verification-table$kept_reports"
    [ ! -d "$keep/wrong" ] || echo "  memlab-report --known-wrong-table $(shell_word "$keep_rel/wrong")"
    echo
    echo "In a page, put each command in <!-- generated: COMMAND --> ... <!-- generated: end -->"
    echo "and fill the blocks with: memlab-report --check-page PAGE --write"
  fi
  [ "$table" -eq 0 ] && [ "$wrong_failed" -eq 0 ]
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
