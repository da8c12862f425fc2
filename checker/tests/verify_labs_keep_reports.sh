#!/bin/sh
# checker/tools/verify-labs.sh --keep-reports DIR without a GPU: the script runs in a copy of
# the course's layout where `cmake` and `ctest` are stand-ins that "grade" by copying the fixture
# reports of fixtures/report_tables into the build folders, as the real ctest runs leave them.
# Then: the kept copy has the layout the tables read, verify-labs.txt holds what was printed,
# and the memlab-report commands the script prints, run from the repository root on the copy,
# print the same verification table as the run did. The course's copy lives in a folder whose
# name has a space, and so does one kept folder, so that the script's quoting is tried too.
#   verify_labs_keep_reports.sh SOURCE_DIR MEMLAB_REPORT WORK
set -eu
source_dir=$1 report=$2 work=$3
fixtures="$source_dir/checker/tests/fixtures/report_tables"
rm -rf "$work"
tree="$work/a course"
mkdir -p "$tree/checker/tools" "$tree/labs/01-fixture" "$tree/labs/02-fixture" "$tree/bin" "$tree/somewhere"
cp "$source_dir/checker/tools/verify-labs.sh" "$tree/checker/tools/"
for dir in "$fixtures"/run/wrong/*/ "$fixtures"/solutions/wrong/*/; do
  case=$(basename "$dir")
  [ -f "$dir/expected.json" ] || continue
  mkdir -p "$tree/solutions/wrong/$case"
  cp "$dir/expected.json" "$tree/solutions/wrong/$case/"
done

# cmake --preset P ... / cmake --build --preset P: the build "makes" memlab-report.
# Both record their calls in WORK/calls.txt: a refused command line must call neither.
cat >"$tree/bin/cmake" <<EOF
#!/bin/sh
echo "cmake \$*" >>"$work/calls.txt"
if [ "\$1" = --build ]; then mkdir -p "build/\$3/bin" && ln -sf "$report" "build/\$3/bin/memlab-report"; fi
exit 0
EOF
# ctest --preset P -L ^labNN$ ...: the fixture's report of that lab (run/starter for the preset
# all, run/solution for all-solution), if it has one;
# ctest --preset all-solution ... -L ^wrong$: the known-wrong submissions' reports.
cat >"$tree/bin/ctest" <<EOF
#!/bin/sh
echo "ctest \$*" >>"$work/calls.txt"
preset=\$2
case "\$*" in
  *"-L ^wrong\\\$"*)
    for r in "$fixtures"/run/wrong/*/lab*.json; do
      case=\$(basename "\$(dirname "\$r")")
      mkdir -p "build/\$preset/wrong/\$case/results" && cp "\$r" "build/\$preset/wrong/\$case/results/"
    done ;;
  *)
    n=\$(echo "\$*" | sed -n 's/.*-L ^lab\\([0-9][0-9]\\)\\\$.*/\\1/p')
    mkdir -p "build/\$preset/results"
    kept=starter; [ "\$preset" = all-solution ] && kept=solution
    if [ -f "$fixtures/run/\$kept/lab\$n.json" ]; then cp "$fixtures/run/\$kept/lab\$n.json" "build/\$preset/results/"; fi ;;
esac
exit 0
EOF
chmod +x "$tree/bin/cmake" "$tree/bin/ctest"

fail() { echo "FAIL: $*" >&2; exit 1; }

# From another folder, DIR relative to it: the kept copy lands in the tree's docs/results/run1,
# and the commands name it relative to the repository root.
status=0
(cd "$tree/somewhere" && PATH="$tree/bin:$PATH" ../checker/tools/verify-labs.sh --keep-reports ../docs/results/run1) \
  >"$work/stdout.txt" 2>"$work/stderr.txt" || status=$?
# The fixtures hold an unexpected solution verdict and known-wrong submissions graded wrongly.
[ "$status" -eq 1 ] || fail "verify-labs.sh exited $status, want 1: $(cat "$work/stdout.txt" "$work/stderr.txt")"
kept="$tree/docs/results/run1"
for f in starter/lab01.json solution/lab01.json starter/lab02.json wrong/01-fixture-breaks-contract/lab01.json \
         wrong/01-fixture-breaks-contract/expected.json wrong/04-fixture-hangs/expected.json verify-labs.txt; do
  [ -f "$kept/$f" ] || fail "the kept copy lacks $f"
done
[ ! -e "$kept/solution/lab02.json" ] || fail "a report the run did not have was kept"
[ ! -e "$kept/wrong/04-fixture-hangs/lab02.json" ] || fail "a report that was not written was kept"
grep -q "lab 02 (all-solution): no report" "$kept/verify-labs.txt" || fail "verify-labs.txt lacks the timing lines"
# stdout and stderr as without --keep-reports: the tables on one, the timing lines on the other.
grep -q "lab 02 (all-solution): no report" "$work/stderr.txt" || fail "the timing lines are not on stderr"
! grep -q "): ctest " "$work/stdout.txt" || fail "timing lines on stdout with --keep-reports"
grep -q "^| 01 | starter | exact_copy |" "$work/stdout.txt" || fail "the table is not on stdout with --keep-reports"
grep -q "^| 01 | solution | wavefronts_per_load | fail | 1.5 | <= 1.1 | NO (want pass) |$" "$kept/verify-labs.txt" ||
  fail "verify-labs.txt lacks the table"
want="memlab-report --verification-table docs/results/run1/starter/lab01.json docs/results/run1/solution/lab01.json docs/results/run1/starter/lab02.json"
grep -qxF "  $want" "$kept/verify-labs.txt" || fail "the printed command is not '$want':
$(cat "$kept/verify-labs.txt")"
grep -qxF "  memlab-report --known-wrong-table docs/results/run1/wrong" "$kept/verify-labs.txt" ||
  fail "no --known-wrong-table command was printed"

# The printed commands, from the repository root on the kept copy.
command=$(sed -n 's/^  memlab-report \(--verification-table .*\)/\1/p' "$kept/verify-labs.txt")
# shellcheck disable=SC2086
(cd "$tree" && "$report" $command) >"$work/again.txt" || true
sed -n '/^| lab | variant |/,/unexpected verdict(s)$/p' "$work/stdout.txt" >"$work/printed.txt"
cmp -s "$work/printed.txt" "$work/again.txt" || fail "the table printed again differs: $(diff "$work/printed.txt" "$work/again.txt")"
(cd "$tree" && "$report" --verification-table docs/results/run1) >"$work/by_folder.txt" || true
cmp -s "$work/printed.txt" "$work/by_folder.txt" || fail "--verification-table docs/results/run1 differs from the run's table"
(cd "$tree" && "$report" --known-wrong-table docs/results/run1/wrong) >"$work/wrong.txt" || true
grep -q "^| 04-fixture-hangs | 02 | .* | NO: the report was not written" "$work/wrong.txt" ||
  fail "the kept known-wrong table lacks the case without a report: $(cat "$work/wrong.txt")"

# A folder that already holds a run is refused: two runs would mix in one table.
status=0
(cd "$tree" && PATH="$tree/bin:$PATH" checker/tools/verify-labs.sh --keep-reports docs/results/run1 01) \
  >/dev/null 2>"$work/refused.txt" || status=$?
if [ "$status" -ne 2 ] || ! grep -q "not empty" "$work/refused.txt"; then
  fail "a full --keep-reports folder was not refused ($status)"
fi

# A --keep-reports without a folder, or an option the script does not know, is refused before
# anything is built.
refused() {
  status=0
  (cd "$tree" && PATH="$tree/bin:$PATH" checker/tools/verify-labs.sh "$@") >/dev/null 2>"$work/refused.txt" || status=$?
  [ "$status" -eq 2 ] || fail "verify-labs.sh $*: exit $status, want 2"
  grep -q "verify-labs.sh: " "$work/refused.txt" || fail "verify-labs.sh $*: no message: $(cat "$work/refused.txt")"
}
calls=$(wc -l <"$work/calls.txt")
refused --keep-reports
refused --keep-reports "" 01
refused --keep-reports= 01
refused --keep-report docs/x 01
refused -k 01
[ "$(wc -l <"$work/calls.txt")" -eq "$calls" ] || fail "a refused command line ran cmake or ctest"

# A kept folder whose name has a space: the printed commands quote its paths, and in a page's
# generated blocks they print the run's tables (check-page --write fills them, then they match).
status=0
(cd "$tree" && PATH="$tree/bin:$PATH" checker/tools/verify-labs.sh --keep-reports "docs/results/run 2" 01) \
  >"$work/spaced.txt" 2>/dev/null || status=$?
[ "$status" -eq 1 ] || fail "verify-labs.sh --keep-reports 'docs/results/run 2' exited $status, want 1"
want="memlab-report --verification-table 'docs/results/run 2/starter/lab01.json' 'docs/results/run 2/solution/lab01.json'"
grep -qxF "  $want" "$work/spaced.txt" || fail "the printed command is not $want: $(cat "$work/spaced.txt")"
page="$tree/docs/results/spaced.md"
sed -n 's/^  \(memlab-report --.*\)/<!-- generated: \1 -->\
<!-- generated: end -->/p' "$work/spaced.txt" >"$page"
[ "$(grep -c '^<!-- generated: memlab-report' "$page")" -eq 2 ] || fail "the printed commands are not two: $(cat "$page")"
(cd "$tree" && "$report" --check-page docs/results/spaced.md --write) >/dev/null || fail "check-page --write on $page"
(cd "$tree" && "$report" --check-page docs/results/spaced.md) >/dev/null || fail "check-page after --write on $page"
sed -n '/^| lab | variant |/,/unexpected verdict(s)$/p' "$work/spaced.txt" >"$work/spaced_table.txt"
sed -n '/^| lab | variant |/,/unexpected verdict(s)$/p' "$page" >"$work/spaced_block.txt"
cmp -s "$work/spaced_table.txt" "$work/spaced_block.txt" ||
  fail "the generated block differs from the run's table: $(diff "$work/spaced_table.txt" "$work/spaced_block.txt")"

# Without --keep-reports, what the script printed before: stdout holds the tables, stderr the timing lines.
# The exit status too: 1, for lab 01's unexpected solution verdict.
status=0
(cd "$tree" && PATH="$tree/bin:$PATH" checker/tools/verify-labs.sh 01) >"$work/plain.txt" 2>"$work/plain.err" || status=$?
[ "$status" -eq 1 ] || fail "verify-labs.sh 01 exited $status, want 1"
grep -q "^| 01 | starter | exact_copy |" "$work/plain.txt" || fail "no table without --keep-reports"
grep -qx "| 03-fixture-graded-too-well | NO: .*NO speedup_vs_starter: pass (want fail).*" "$work/plain.txt" ||
  fail "the known-wrong rows are not as before: $(cat "$work/plain.txt")"
grep -q "lab 01 (all): ctest" "$work/plain.err" || fail "no timing lines on stderr without --keep-reports"
! grep -q "memlab-report --verification-table" "$work/plain.txt" || fail "commands printed without --keep-reports"
echo "verify-labs.sh --keep-reports: kept copy, verify-labs.txt and the printed commands as expected"
