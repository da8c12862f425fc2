#!/bin/sh
# No program that measures, checks or judges holds code of a student: every external symbol that
# a student object defines (strong: T, D, B, R in nm) is looked for in the check programs
# (bin/labNN_check) and the judging tools; one found there fails the test. Only the recorders
# (bin/*_recorder) link student objects.
#   run_no_student_symbols.sh BUILD_DIR
set -u
build=${1:?usage: run_no_student_symbols.sh BUILD_DIR}
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v nm >/dev/null 2>&1 || fail "nm not found (binutils)"

objects=$(find "$build/CMakeFiles" -path "*_student.dir/*.o" 2>/dev/null)
[ -n "$objects" ] || fail "no student object under $build/CMakeFiles: the labs were not built"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086  # one word per object path (no spaces in the build tree's names)
nm --defined-only -g $objects 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDBR]$/ { print $3 }' | sort -u >"$tmp/student"
[ -s "$tmp/student" ] || fail "the student objects define no symbol: nm found nothing"

programs=""
for p in "$build"/bin/lab[0-9][0-9]_check "$build/bin/memlab-judge" "$build/bin/memlab-report" "$build/bin/memlab-contract"; do
  [ -x "$p" ] && programs="$programs $p"
done
checks=$(ls "$build"/bin/lab[0-9][0-9]_check 2>/dev/null | wc -l)
[ "$checks" -gt 0 ] || fail "no check program in $build/bin: the labs were not built"

found=0
for p in $programs; do
  nm --defined-only "$p" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$tmp/program"
  common=$(comm -12 "$tmp/student" "$tmp/program")
  if [ -n "$common" ]; then
    echo "$(basename "$p") defines what a student object defines:" >&2
    echo "$common" | head -n 5 | sed 's/^/  /' >&2
    found=1
  fi
done
[ "$found" -eq 0 ] || fail "a program that measures, checks or judges holds student code"
# The test must be able to fail: each recorder does hold the symbols of its own student objects.
recorder=$(ls "$build"/bin/*lab[0-9][0-9]_recorder 2>/dev/null | head -n 1)
[ -n "$recorder" ] || fail "no recorder in $build/bin"
nm --defined-only "$recorder" | awk 'NF == 3 { print $3 }' | sort -u >"$tmp/recorder"
[ -n "$(comm -12 "$tmp/student" "$tmp/recorder")" ] || fail "$(basename "$recorder") holds no student symbol: the test could not see one"
echo "PASS: $(wc -l <"$tmp/student") student symbols; none in $checks check programs, memlab-judge, memlab-report or memlab-contract"
