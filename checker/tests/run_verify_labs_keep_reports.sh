#!/bin/sh
# checker/tools/verify-labs.sh --keep-reports DIR without a GPU: the script runs in a copy of
# the course's layout where `cmake` and `ctest` are stand-ins that "grade" by copying the fixture
# reports of fixtures/report_tables into the build folders, as the real ctest runs leave them.
# Then: the kept copy has the layout the tables read, verify-labs.txt holds what was printed,
# and the memlab-report commands the script prints, run from the repository root on the copy,
# print the same verification table as the run did. The course's copy lives in a folder whose
# name has a space, and so does one kept folder, so that the script's quoting is tried too.
# compute-sanitizer is a stand-in too (COMPUTE_SANITIZER): it runs the stand-in check program
# and reports 2 errors under racecheck, none under memcheck and synccheck. Also: the kept copy
# holds no expected.json (files of solutions/), --skip-sanitizer, and a missing compute-sanitizer.
#   run_verify_labs_keep_reports.sh SOURCE_DIR MEMLAB_REPORT WORK
set -eu
source_dir=$1 report=$2 work=$3
fixtures="$source_dir/checker/tests/fixtures/report_tables"
rm -rf "$work"
tree="$work/a course"
mkdir -p "$tree/checker/tools" "$tree/labs/01-fixture" "$tree/labs/02-fixture" "$tree/bin" "$tree/somewhere"
cp "$source_dir/checker/tools/verify-labs.sh" "$tree/checker/tools/"
# Lab 01 has a correctness suite (the sanitizer step runs it), lab 02 none.
echo '{"number": "01", "checks": [{"id": "exact_copy", "suite": "correctness"}]}' >"$tree/labs/01-fixture/lab.json"
echo '{"number": "02", "checks": [{"id": "model", "suite": "cpu"}]}' >"$tree/labs/02-fixture/lab.json"
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
# ctest --preset all-solution ... -L ^wrong$: the known-wrong submissions' reports; -L ^style$:
# nothing.
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
  *"-L ^style\\\$"*) ;;  # the other-style solutions: the fixture has none
  *)
    # -L ^labNN\$ (a lab's tests), or -R ^labNN\\.build\$ (its build step only: --sanitizer-only)
    n=\$(echo "\$*" | sed -n 's/.*-[LR] ^lab\\([0-9][0-9]\\)[\\\\.b]*[a-z]*\\\$.*/\\1/p')
    mkdir -p "build/\$preset/results"
    kept=starter; [ "\$preset" = all-solution ] && kept=solution
    if [ -f "$fixtures/run/\$kept/lab\$n.json" ]; then cp "$fixtures/run/\$kept/lab\$n.json" "build/\$preset/results/"; fi
    # The lab's build step links its check program.
    mkdir -p "build/\$preset/bin" && cp "$tree/bin/check_program" "build/\$preset/bin/lab\${n}_check" ;;
esac
exit 0
EOF
# A check program: records how it was called.
cat >"$tree/bin/check_program" <<EOF
#!/bin/sh
echo "\$(basename "\$0") \$*" >>"$work/calls.txt"
echo "the correctness checks pass"
EOF
# compute-sanitizer --version, or compute-sanitizer --tool T --error-exitcode E ... PROGRAM ARGS.
cat >"$tree/bin/compute-sanitizer" <<EOF
#!/bin/sh
if [ "\$1" = --version ]; then echo "Version 2099.1.0 (stand-in)"; exit 0; fi
echo "compute-sanitizer \$*" >>"$work/calls.txt"
tool=memcheck code=0
while [ \$# -gt 0 ]; do
  case \$1 in
    --tool) tool=\$2; shift 2 ;;
    --error-exitcode) code=\$2; shift 2 ;;
    --*) shift 2 ;;
    *) break ;;
  esac
done
echo "========= COMPUTE-SANITIZER"
"\$@" || exit \$?
if [ "\$tool" = racecheck ]; then
  echo "========= Error: Race reported between Write access and Read access (stand-in)"
  echo "========= RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)"
  exit "\$code"
fi
echo "========= ERROR SUMMARY: 0 errors"
EOF
chmod +x "$tree/bin/cmake" "$tree/bin/ctest" "$tree/bin/check_program" "$tree/bin/compute-sanitizer"
COMPUTE_SANITIZER="$tree/bin/compute-sanitizer"
export COMPUTE_SANITIZER

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
         verify-labs.txt sanitizer/sanitizer.md sanitizer/lab01.memcheck.log sanitizer/lab01.racecheck.log \
         sanitizer/lab01.synccheck.log; do
  [ -f "$kept/$f" ] || fail "the kept copy lacks $f"
done
[ ! -e "$kept/solution/lab02.json" ] || fail "a report the run did not have was kept"
[ ! -e "$kept/wrong/04-fixture-hangs/lab02.json" ] || fail "a report that was not written was kept"
[ -d "$kept/wrong/04-fixture-hangs" ] || fail "the case without a report has no folder in the kept copy"
# expected.json is a file of solutions/: a kept copy of it would be in the students' copy too.
[ -z "$(find "$kept" -name expected.json)" ] || fail "expected.json was kept: $(find "$kept" -name expected.json)"

# The compute-sanitizer step: each tool on lab 01's solution, called as memlab-judge calls the
# check program; lab 02 has no correctness suite; racecheck's errors fail the run, by name.
for row in "| 01 | memcheck | 0 | clean |" "| 01 | racecheck | 2 | FAIL: 2 error(s) |" "| 01 | synccheck | 0 | clean |" \
           "| 02 | - | - | no correctness suite |"; do
  grep -qxF "$row" "$work/stdout.txt" || fail "the sanitizer table lacks '$row': $(cat "$work/stdout.txt")"
  grep -qxF "$row" "$kept/sanitizer/sanitizer.md" || fail "the kept sanitizer.md lacks '$row'"
done
grep -qxF "compute-sanitizer on each reference solution's correctness suite: Version 2099.1.0 (stand-in)" \
  "$kept/sanitizer/sanitizer.md" || fail "sanitizer.md does not name the tool's version: $(cat "$kept/sanitizer/sanitizer.md")"
grep -q "^compute-sanitizer: 3 run(s), 1 problem(s);" "$work/stdout.txt" || fail "no sanitizer count line"
grep -qxF "racecheck checked the first 3 kernel launch(es) of each run (MEMLAB_RACECHECK_LAUNCHES); the rest ran unchecked." \
  "$kept/sanitizer/sanitizer.md" || fail "sanitizer.md does not say how many launches racecheck checked"

for tool in memcheck racecheck synccheck; do
  count=""
  [ "$tool" != racecheck ] || count=" --launch-count 3"
  want="compute-sanitizer --tool $tool$count --error-exitcode 99 --print-limit 20 --report-api-errors no --target-processes application-only build/all-solution/bin/lab01_check --lab-dir labs/01-fixture --results-dir build/all-solution/sanitizer/lab01.$tool --suite correctness --variant solution --sanitizer-run --answers build/all-solution/submission/01-fixture.answers/answers.jsonl --recorder build/all-solution/bin/lab01_recorder"
  grep -qxF "$want" "$work/calls.txt" || fail "compute-sanitizer was not called as '$want': $(grep sanitizer "$work/calls.txt")"
  grep -q "the correctness checks pass" "$kept/sanitizer/lab01.$tool.log" || fail "lab01.$tool.log lacks the program's output"
done
grep -qxF "lab01_check --lab-dir labs/01-fixture --results-dir build/all-solution/sanitizer/lab01.memcheck --suite correctness --variant solution --sanitizer-run --answers build/all-solution/submission/01-fixture.answers/answers.jsonl --recorder build/all-solution/bin/lab01_recorder" \
  "$work/calls.txt" || fail "the check program did not run under compute-sanitizer"
! grep -q "lab02_check" "$work/calls.txt" || fail "lab 02, which has no correctness suite, ran under compute-sanitizer"
grep -q "lab 01 (racecheck): compute-sanitizer" "$work/stderr.txt" || fail "no timing line of the sanitizer runs on stderr"
last=$(tail -n 1 "$work/stdout.txt")
case $last in
  "verify-labs.sh: FAILED: unexpected verdicts in the verification table; "*"; compute-sanitizer: lab 01 racecheck (2 error(s))") ;;
  *) fail "the last line does not name what failed: $last" ;;
esac
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
refused --sanitizer-only --skip-sanitizer 01
(MEMLAB_RACECHECK_LAUNCHES=many && export MEMLAB_RACECHECK_LAUNCHES && refused 01) || exit 1
grep -q "MEMLAB_RACECHECK_LAUNCHES=many is not a count" "$work/refused.txt" ||
  fail "no message for a MEMLAB_RACECHECK_LAUNCHES that is not a count: $(cat "$work/refused.txt")"
# A compute-sanitizer that cannot run stops the script before it builds anything.
(COMPUTE_SANITIZER="$work/no-such-sanitizer" && export COMPUTE_SANITIZER && refused 01) || exit 1
grep -q "COMPUTE_SANITIZER=.*no-such-sanitizer is not a program" "$work/refused.txt" ||
  fail "no message for a COMPUTE_SANITIZER that cannot run: $(cat "$work/refused.txt")"
# None on PATH nor in CUDA_HOME: refused, unless --skip-sanitizer is given (below). Tried only
# where this machine's PATH has no compute-sanitizer of its own.
if ! command -v compute-sanitizer >/dev/null 2>&1; then
  (unset COMPUTE_SANITIZER && CUDA_HOME="$work/no-cuda" && export CUDA_HOME && mv "$tree/bin/compute-sanitizer" "$work/" &&
   refused 01; status=$?; mv "$work/compute-sanitizer" "$tree/bin/"; exit $status) || exit 1
  { grep -q "compute-sanitizer is neither on PATH nor in $work/no-cuda/bin" "$work/refused.txt" &&
    grep -q -- "--skip-sanitizer" "$work/refused.txt"; } ||
    fail "no message for a missing compute-sanitizer: $(cat "$work/refused.txt")"
else
  echo "note: this machine has compute-sanitizer on PATH; the refusal without one is not tried" >&2
fi
[ "$(wc -l <"$work/calls.txt")" -eq "$calls" ] || fail "a refused command line ran cmake, ctest or compute-sanitizer"
# --help prints the script's header and runs nothing.
(cd "$tree" && PATH="$tree/bin:$PATH" checker/tools/verify-labs.sh --help) >"$work/help.txt" 2>&1 ||
  fail "verify-labs.sh --help failed"
{ grep -q -- "--skip-sanitizer" "$work/help.txt" && grep -q "^Exit status 0 only when" "$work/help.txt"; } ||
  fail "--help does not print the usage: $(cat "$work/help.txt")"
[ "$(wc -l <"$work/calls.txt")" -eq "$calls" ] || fail "--help ran cmake, ctest or compute-sanitizer"

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
grep -qxF "| 01 | racecheck | 2 | FAIL: 2 error(s) |" "$work/plain.txt" || fail "no sanitizer table without --keep-reports"

# --skip-sanitizer: no compute-sanitizer at all (none is needed), and the output says it was skipped.
calls=$(grep -c "^compute-sanitizer " "$work/calls.txt")
status=0
(cd "$tree" && unset COMPUTE_SANITIZER && CUDA_HOME="$work/no-cuda" PATH="$tree/bin:$PATH" \
   checker/tools/verify-labs.sh --skip-sanitizer 01) >"$work/skipped.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "verify-labs.sh --skip-sanitizer 01 exited $status, want 1: $(cat "$work/skipped.txt")"
grep -qxF "compute-sanitizer: skipped (--skip-sanitizer)" "$work/skipped.txt" || fail "--skip-sanitizer is not said"
[ "$(grep -c "^compute-sanitizer " "$work/calls.txt")" -eq "$calls" ] || fail "--skip-sanitizer ran compute-sanitizer"
case $(tail -n 1 "$work/skipped.txt") in
  *compute-sanitizer*) fail "the last line names compute-sanitizer though it was skipped: $(tail -n 1 "$work/skipped.txt")" ;;
  "verify-labs.sh: FAILED: "*) ;;
  *) fail "no summary line with --skip-sanitizer: $(tail -n 1 "$work/skipped.txt")" ;;
esac
# --sanitizer-only: only the solutions' build and the compute-sanitizer step; no ctest run, no
# verdict table, no known-wrong table. MEMLAB_RACECHECK_LAUNCHES=0: racecheck checks every launch.
: >"$work/calls.txt"
status=0
(cd "$tree" && MEMLAB_RACECHECK_LAUNCHES=0 PATH="$tree/bin:$PATH" \
   checker/tools/verify-labs.sh --sanitizer-only --keep-reports docs/results/run3 01 02) >"$work/only.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "verify-labs.sh --sanitizer-only exited $status, want 1 (racecheck's stand-in errors): $(cat "$work/only.txt")"
! grep -q "^ctest .* -L \|--preset all " "$work/calls.txt" || fail "--sanitizer-only ran tests or built the starters: $(cat "$work/calls.txt")"
grep -qxF 'ctest --preset all-solution -R ^lab01\.build$' "$work/calls.txt" || fail "--sanitizer-only did not build lab 01's check program"
grep -q "^cmake --preset all-solution " "$work/calls.txt" || fail "--sanitizer-only did not build all-solution"
! grep -q "^| lab | variant \|^| known-wrong" "$work/only.txt" || fail "--sanitizer-only printed verdict tables"
grep -qxF "| 01 | racecheck | 2 | FAIL: 2 error(s) |" "$work/only.txt" || fail "--sanitizer-only printed no sanitizer table"
grep -qxF "racecheck checked every kernel launch." "$tree/docs/results/run3/sanitizer/sanitizer.md" ||
  fail "MEMLAB_RACECHECK_LAUNCHES=0 is not said in sanitizer.md"
! grep -q -- "--launch-count" "$work/calls.txt" || fail "MEMLAB_RACECHECK_LAUNCHES=0 still limited the launches"
[ "$(tail -n 1 "$work/only.txt")" = "verify-labs.sh: FAILED: compute-sanitizer: lab 01 racecheck (2 error(s))" ] ||
  fail "the last line of --sanitizer-only is $(tail -n 1 "$work/only.txt")"
[ -f "$tree/docs/results/run3/verify-labs.txt" ] || fail "--sanitizer-only --keep-reports kept no verify-labs.txt"

# --known-only: only the solutions' build (with the known cases) and the two known tables; no
# starter build, no lab's tests, no course test, no compute-sanitizer (none is needed).
: >"$work/calls.txt"
status=0
(cd "$tree" && unset COMPUTE_SANITIZER && CUDA_HOME="$work/no-cuda" PATH="$tree/bin:$PATH" \
   checker/tools/verify-labs.sh --known-only --keep-reports docs/results/run4 01 02) >"$work/known.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "verify-labs.sh --known-only exited $status, want 1 (known-wrong cases graded wrongly): $(cat "$work/known.txt")"
! grep -q "^ctest .* -L ^lab\|--preset all \|^compute-sanitizer " "$work/calls.txt" ||
  fail "--known-only graded the labs, built the starters or ran compute-sanitizer: $(cat "$work/calls.txt")"
grep -q "^cmake --preset all-solution .*-DMEMLAB_WRONG_SUBMISSIONS=ON" "$work/calls.txt" ||
  fail "--known-only did not build the known cases: $(cat "$work/calls.txt")"
grep -qF 'ctest --preset all-solution -j 8 -L ^wrong$' "$work/calls.txt" || fail "--known-only did not grade the known-wrong cases"
! grep -q "^| lab | variant " "$work/known.txt" || fail "--known-only printed a verification table"
grep -qx "| 03-fixture-graded-too-well | NO: .*" "$work/known.txt" || fail "--known-only printed no known-wrong table: $(cat "$work/known.txt")"
grep -qxF "  memlab-report --known-wrong-table docs/results/run4/wrong" "$tree/docs/results/run4/verify-labs.txt" ||
  fail "--known-only printed no --known-wrong-table command"
case $(tail -n 1 "$work/known.txt") in
  "verify-labs.sh: FAILED: "*"known-wrong submission(s) not graded as expected") ;;
  *) fail "the last line of --known-only is $(tail -n 1 "$work/known.txt")" ;;
esac
: >"$work/calls.txt"
refused --known-only --skip-known 01
refused --known-only --sanitizer-only 01
[ ! -s "$work/calls.txt" ] || fail "a refused --known-only ran something: $(cat "$work/calls.txt")"

echo "verify-labs.sh --keep-reports: kept copy, verify-labs.txt, the printed commands, the compute-sanitizer step and --known-only as expected"
