#!/usr/bin/env bash
# instructor.gradescope (see gradescope.cmake):
#   run_gradescope.sh MEMLAB_COURSE SOURCE_DIR WORK_DIR CMAKE
# 1. memlab-course gradescope-package --lab 04: a zip with setup.sh, run_autograder (executable)
#    and the course, without solutions/ and build folders.
# 2. The zip unzipped into a fake /autograder (WORK_DIR/autograder/source); setup.sh with the
#    package step skipped builds memlab-course and warms the grading tree.
# 3. run_autograder on the starter (its two files flat in submission/) and on the solution: each
#    results.json is valid, has every check of the manifest with its points as max_score, the CPU
#    check column_read_conflict_free_model fails for the starter and passes for the solution,
#    every GPU check is skipped with 0 points and says why, and the score is the tests' sum.
# 4. results.json is still written, with score 0 and the reason, when a file is missing from the
#    submission and when memlab-course is missing, fails, hangs, writes no JSON or bad JSON.
# Each failure is printed with what it judged; the exit status is 0 when there is none.
# No `set -e`: a failing step must be reported, not end the test.
# shellcheck disable=SC2015  # `condition && ok || fail`: ok never fails, so this is if-then-else
set -uo pipefail
tool=$1
src=$2
work=$3
cmake=$4
root=$work/autograder
flatten=$src/checker/tests/instructor/gradescope.cmake
failures=0

say() { printf '%s\n' "$*"; }
fail() {
  say "FAIL: $1"
  if [ -n "${2:-}" ]; then say "---- $2 ----" && tail -n 60 "$2" && say "----"; fi
  failures=$((failures + 1))
}
ok() { say "ok: $1"; }
seconds_since() { echo $(($(date +%s) - $1)); }

# flat.tsv of a JSON file (gradescope.cmake -P); returns non-zero when it is not valid JSON.
flatten_json() { "$cmake" -DJSON="$1" -DOUT="$2" ${3:+-DMANIFEST=ON} -P "$flatten" >"$2.log" 2>&1; }
field() { awk -F'\t' -v k="$2" '$1 == k { print $2; exit }' "$1"; }          # flat file, key
test_line() { awk -F'\t' -v n="$2" '$1 == "test" && $2 == n' "$1"; }        # flat file, test name
column() { printf '%s\n' "$1" | awk -F'\t' -v c="$2" '{ print $c }'; }     # a test line, column
same_number() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 == b + 0 && a != "") }'; }
has_gpu() { command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; }

# Runs run_autograder as Gradescope does (from /autograder), with extra environment settings.
run_autograder() {
  (cd "$root" && env MEMLAB_AUTOGRADER_ROOT="$root" "$@" ./run_autograder) >"$work/run.log" 2>&1
}
submit() {  # the files given, flat in submission/
  rm -rf "$root/submission" && mkdir -p "$root/submission" && cp "$@" "$root/submission/"
}

# results.json exists, is valid, and is flattened into $flat; returns non-zero (after a FAIL) when not.
results_of() {  # name
  flat=$work/$1.tsv
  if [ ! -s "$root/results/results.json" ]; then
    fail "$1: no results.json" "$work/run.log"
    return 1
  fi
  cp "$root/results/results.json" "$work/$1.results.json"
  if ! flatten_json "$root/results/results.json" "$flat"; then
    fail "$1: results.json is not valid JSON with a score" "$flat.log"
    return 1
  fi
  if ! "$cmake" -DRESULTS="$root/results/results.json" -P "$root/source/course/checker/tools/course/gradescope/check_results.cmake" >"$flat.check" 2>&1; then
    fail "$1: results.json is not what Gradescope accepts" "$flat.check"
    return 1
  fi
  ok "$1: results.json is valid"
}

# Every check of the manifest is a test with the manifest's points; the tests sum to the score;
# without a GPU every GPU check is skipped, scores 0 and says why.
expect_lab_tests() {  # name
  local id suite points line sum=0 gpu_skips=0
  while IFS=$'\t' read -r _ id suite points; do
    line=$(test_line "$flat" "Lab 04: $id")
    if [ -z "$line" ]; then
      fail "$1: no test \"Lab 04: $id\"" "$flat"
      continue
    fi
    same_number "$(column "$line" 4)" "$points" || fail "$1: $id has max_score $(column "$line" 4), not the manifest's $points"
    if [ "$suite" != cpu ] && ! has_gpu; then
      if same_number "$(column "$line" 3)" 0 && [ "$(column "$line" 6)" = skipped ] &&
        [[ $(column "$line" 7) == "Skipped: needs a CUDA GPU"* ]]; then
        gpu_skips=$((gpu_skips + 1))
      else
        fail "$1: GPU check $id is not skipped with 0 points and the reason: $line"
      fi
    fi
  done <"$work/manifest.tsv"
  ok "$1: every check of the manifest is a test with its points ($gpu_skips GPU checks skipped with the reason)"
  sum=$(awk -F'\t' '$1 == "test" { s += $3 } END { print s + 0 }' "$flat")
  same_number "$(field "$flat" score)" "$sum" && ok "$1: score $sum is the sum of the tests" ||
    fail "$1: score $(field "$flat" score) is not the sum of the tests ($sum)"
  same_number "$(field "$flat" max_score)" "$lab_points" || fail "$1: extra_data max_score is not the lab's $lab_points"
  [[ $(field "$flat" output) == *"How the score counts"*"skipped check scores 0"*"inconclusive check"* ]] &&
    ok "$1: the output says what skipped and inconclusive checks do to the score" ||
    fail "$1: the output does not say how skipped and inconclusive checks count" "$flat"
}

expect_check_status() {  # name, check, status
  local line
  line=$(test_line "$flat" "Lab 04: $2")
  [ "$(column "$line" 5)" = "$3" ] && ok "$1: $2 $3" || fail "$1: $2 is '$(column "$line" 5)', not $3: $line"
}

# A grading that could not finish: score 0, and the reason in the output.
expect_failure_results() {  # name, text the output must hold
  results_of "$1" || return
  same_number "$(field "$flat" score)" 0 || fail "$1: score $(field "$flat" score), not 0"
  [[ $(field "$flat" output) == *"$2"* ]] && ok "$1: score 0, and the output says \"$2\"" ||
    fail "$1: the output lacks \"$2\"" "$flat"
}

rm -rf "$work"
mkdir -p "$root/source"
start=$(date +%s)

# 1. The package.
if ! "$tool" gradescope-package --lab 04 --out "$work/autograder-lab04.zip" --course "$src" >"$work/package.log" 2>&1; then
  fail "gradescope-package --lab 04" "$work/package.log"
  exit 1
fi
grep -q "worth 18 points" "$work/package.log" && ok "gradescope-package names the assignment's points" ||
  fail "gradescope-package does not say the lab is worth 18 points" "$work/package.log"
(cd "$root/source" && "$cmake" -E tar xf "$work/autograder-lab04.zip") || fail "the zip does not unzip"
for f in setup.sh run_autograder; do
  [ -x "$root/source/$f" ] && ok "$f is at the zip's root, executable" || fail "$f is not an executable at the zip's root"
done
[ -f "$root/source/course/labs/04-padding/lab.json" ] && ok "the course is in the zip" || fail "the zip has no course/labs/04-padding"
[ ! -e "$root/source/course/solutions" ] && ok "the zip has no solutions/" || fail "the zip holds solutions/"
[ -z "$(find "$root/source" -name build -o -name .git)" ] && ok "the zip has no build folder and no .git" ||
  fail "the zip holds build folders or .git: $(find "$root/source" -name build -o -name .git | head -3)"
# An instructor's thresholds file travels in the package and counts in its points; a broken one
# stops the package before it reaches Gradescope.
printf '{"04": {"column_read_conflict_free_model": {"points": 2}}}\n' >"$work/thresholds.json"
mkdir -p "$work/with-thresholds"
if "$tool" gradescope-package --lab 4 --out "$work/with-thresholds.zip" --course "$src" --thresholds "$work/thresholds.json" \
  >"$work/package-thresholds.log" 2>&1 && (cd "$work/with-thresholds" && "$cmake" -E tar xf ../with-thresholds.zip) &&
  [ -f "$work/with-thresholds/thresholds.json" ] && grep -q "worth 19 points" "$work/package-thresholds.log" &&
  grep -q "^MEMLAB_THRESHOLDS='thresholds.json'" "$work/with-thresholds/memlab-autograder.conf"; then
  ok "a thresholds file is packaged and its points counted"
else
  fail "gradescope-package --thresholds" "$work/package-thresholds.log"
fi
printf '{"04": {"no_such_check": {"points": 2}}}\n' >"$work/bad-thresholds.json"
if ! "$tool" gradescope-package --lab 4 --out "$work/bad.zip" --course "$src" --thresholds "$work/bad-thresholds.json" \
  >"$work/package-bad.log" 2>&1 && grep -q "no check named no_such_check" "$work/package-bad.log" && [ ! -e "$work/bad.zip" ]; then
  ok "a broken thresholds file stops the package, with the reason"
else
  fail "gradescope-package with a broken thresholds file" "$work/package-bad.log"
fi

flatten_json "$src/labs/04-padding/lab.json" "$work/manifest.tsv" manifest || fail "lab.json does not flatten" "$work/manifest.tsv.log"
lab_points=$(awk -F'\t' '{ s += $4 } END { print s }' "$work/manifest.tsv")
cpu_points=$(awk -F'\t' '$3 == "cpu" { s += $4 } END { print s }' "$work/manifest.tsv")

# 2. setup.sh, as Gradescope runs it when it builds the image (packages skipped).
step=$(date +%s)
if ! (cd "$root/source" && MEMLAB_AUTOGRADER_ROOT="$root" MEMLAB_SETUP_SKIP_PACKAGES=1 bash ./setup.sh) >"$work/setup.log" 2>&1; then
  fail "setup.sh" "$work/setup.log"
  exit 1
fi
say "setup.sh: $(seconds_since "$step") s"
[ -d "$root/memlab/tree" ] && ok "setup.sh warmed the grading tree" || fail "setup.sh left no grading tree" "$work/setup.log"
cp "$root/source/run_autograder" "$root/run_autograder"  # as Gradescope does

# 3. The starter and the solution.
submit "$src/labs/04-padding/predict.cpp" "$src/labs/04-padding/transpose.cu"
step=$(date +%s)
run_autograder
say "run_autograder, the starter: $(seconds_since "$step") s"
if results_of starter; then
  expect_lab_tests starter
  expect_check_status starter column_read_conflict_free_model failed
  starter_score=$(field "$flat" score)
fi

submit "$src/solutions/04-padding/predict.cpp" "$src/solutions/04-padding/transpose.cu"
step=$(date +%s)
run_autograder
say "run_autograder, the solution: $(seconds_since "$step") s"
if results_of solution; then
  expect_lab_tests solution
  expect_check_status solution column_read_conflict_free_model passed
  if ! has_gpu; then
    same_number "$(field "$flat" score)" "$cpu_points" && ok "solution: score $cpu_points, every CPU point" ||
      fail "solution: score $(field "$flat" score), not the $cpu_points CPU points"
    awk -v s="${starter_score:-}" -v c="$cpu_points" 'BEGIN { exit !(s != "" && s + 0 < c + 0) }' &&
      ok "starter: score $starter_score, less than the solution's" || fail "starter: score '${starter_score:-}' is not below $cpu_points"
  fi
fi

# 4. Gradings that cannot finish still give results.json.
submit "$src/solutions/04-padding/predict.cpp"
run_autograder
if results_of missing_file; then
  same_number "$(field "$flat" score)" 0 && ok "missing file: score 0" || fail "missing file: score $(field "$flat" score), not 0"
  grep -q "transpose.cu" "$flat" && ok "missing file: the results name transpose.cu" ||
    fail "missing file: the results do not name transpose.cu" "$flat"
fi

submit "$src/solutions/04-padding/predict.cpp" "$src/solutions/04-padding/transpose.cu"
run_autograder MEMLAB_COURSE_TOOL="$work/no-such-memlab-course"
expect_failure_results tool_missing "memlab-course is missing"

fake=$work/fake-memlab-course
printf '#!/bin/sh\necho "fake memlab-course: the checker cannot be found" >&2\nexit 2\n' >"$fake" && chmod +x "$fake"
run_autograder MEMLAB_COURSE_TOOL="$fake"
expect_failure_results tool_fails "exit status 2"
grep -q "the checker cannot be found" "$flat" && ok "tool_fails: the results show its last lines" ||
  fail "tool_fails: the results do not show what memlab-course printed" "$flat"

printf '#!/bin/sh\nexec sleep 60\n' >"$fake"
run_autograder MEMLAB_COURSE_TOOL="$fake" MEMLAB_GRADE_TIMEOUT_S=1
expect_failure_results tool_hangs "took longer than 1 s"

printf '#!/bin/sh\nexit 0\n' >"$fake"
run_autograder MEMLAB_COURSE_TOOL="$fake"
expect_failure_results tool_writes_nothing "without writing"

# A fake that writes half a JSON file where grade writes its gradescope.json.
cat >"$fake" <<'EOF'
#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
mkdir -p "$out/results/submission" && printf '{"score": ' >"$out/results/submission/gradescope.json"
EOF
run_autograder MEMLAB_COURSE_TOOL="$fake"
expect_failure_results tool_writes_bad_json "not valid"

say "instructor.gradescope: $(seconds_since "$start") s"
say "$failures failure(s)"
[ "$failures" -eq 0 ]
