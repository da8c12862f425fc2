#!/usr/bin/env bash
# The student's loop, as a new student runs it, on a copy of the course:
#   checker/tests/run_student_loop.sh SOURCE_DIR WORK_DIR
# 1. ctest in a folder that was never configured, and in a lab's folder: non-zero, one line to run.
# 2. cmake --preset lab04 && ctest: the output ends with the report (first line: which files),
#    the check lines, skip reasons, the score and the report's path; the starter fails
#    column_read_conflict_free_model, which is graded on the CPU.
# 3. The pitch changed to 33: the same check passes.
# 4. A syntax error: the report has the compiler's message and no score from the run before.
# 5. cmake --preset lab04-solution && ctest at the root: its default output says that it
#    graded the reference solution.
# Exit status 0 when every step behaves; each failure is printed with the output it judged.
set -u
src=$1
work=$2
failures=0

# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
expect_lacks() {
  case $2 in *"$3"*) fail "$1: the output has \"$3\"" "$2" ;; *) say "ok: $1" ;; esac
}
expect_nonzero() {  # name, status, output
  if [ "$2" -ne 0 ]; then say "ok: $1 (exit status $2)"; else fail "$1: exit status 0" "$3"; fi
}

rm -rf "$work"
mkdir -p "$work"
course="$work/course"
# The course as a student gets it: its files without build trees or git metadata.
(cd "$src" && tar --exclude=./build --exclude=./.git --exclude=./.deps --exclude=./.baseline \
   --exclude=./CMakeUserPresets.json --exclude=./Testing -cf - .) | (mkdir -p "$course" && cd "$course" && tar -xf -)
cd "$course" || exit 2

# 1. Not configured yet.
out=$(ctest 2>&1); rc=$?
expect_nonzero "ctest in a folder never configured" $rc "$out"
expect_contains "it names the command to run" "$out" "cmake --preset lab01 && ctest"

# 2. The starter.
start=$(date +%s)
out=$(cmake --preset lab04 2>&1) || { fail "cmake --preset lab04" "$out"; exit 1; }
expect_contains "configure says what the first ctest compiles" "$out" "Next: ctest"
out=$(ctest 2>&1); rc=$?
say "cold cmake --preset lab04 && ctest: $(($(date +%s) - start)) s"
expect_nonzero "ctest of the starter (it fails checks)" $rc "$out"
expect_contains "ctest says what it grades when it starts" "$out" "ctest grades lab 04, your files in labs/"
expect_contains "the report's first line names the files" "$out" "graded your files "
expect_contains "and their folder" "$out" "transpose.cu in $course/labs/04-padding"
expect_contains "the report has the check lines" "$out" "[FAIL        ] column_read_conflict_free_model"
expect_contains "the report has the score" "$out" "score "
expect_contains "the report says what to do next" "$out" "next: "
expect_contains "the report gives its path" "$out" "Report files: $course/build/lab04/results/lab04.txt"
if [ -z "$(command -v nvidia-smi)" ]; then
  expect_contains "without a GPU the skip reason is shown" "$out" "needs a CUDA GPU"
fi
out_sub=$(cd labs/04-padding && ctest 2>&1); rc=$?
expect_nonzero "ctest in a lab's folder" $rc "$out_sub"
expect_contains "it names the folder to run in" "$out_sub" "cd ../.. && ctest"

# 3. The fix the lab asks for: pitch 33.
sed -i 's/^constexpr int kTilePitch = kTile;/constexpr int kTilePitch = kTile + 1;/' labs/04-padding/transpose.cu
grep -q '^constexpr int kTilePitch = kTile + 1;' labs/04-padding/transpose.cu ||
  fail "the starter's line 'constexpr int kTilePitch = kTile;' is gone (update this test)"
start=$(date +%s)
out=$(ctest 2>&1)
say "warm ctest after one edit: $(($(date +%s) - start)) s"
expect_contains "pitch 33 passes the CPU bank-model check" "$out" "[PASS        ] column_read_conflict_free_model"

# 4. A compile error: the compiler's message, no stale score.
printf '\nthis is not C++\n' >> labs/04-padding/transpose.cu
out=$(ctest 2>&1)
expect_contains "a compile error shows the compiler's message" "$out" "error"
expect_contains "and says the files do not compile" "$out" "your files do not compile or link"
report=$(cat build/lab04/results/lab04.txt 2>/dev/null)
expect_contains "lab04.txt is this run's (a compile error)" "$report" "do not compile"
expect_lacks "lab04.txt keeps no passing check of the run before" "$report" "[PASS        ] column_read_conflict_free_model"

# 5. The reference solution takes over the root: ctest says so.
out=$(cmake --preset lab04-solution 2>&1) || { fail "cmake --preset lab04-solution" "$out"; exit 1; }
out=$(ctest 2>&1)
expect_contains "root ctest says it grades the reference solution" "$out" "REFERENCE SOLUTION"
expect_contains "and how to grade your own files" "$out" "cmake --preset lab04 && ctest"
expect_contains "the solution passes the CPU bank-model check" "$out" "[PASS        ] column_read_conflict_free_model"

say "$failures failure(s)"
[ "$failures" -eq 0 ]
