#!/usr/bin/env bash
# run_grade_class.sh COURSE MEMLAB_COURSE WORK [TREE]: memlab-course grade-class and grade on a class of lab 04
# (make_class.sh), as an instructor runs them on a machine without a GPU: every kind of
# submission gets a report that says what happened, the class summary is written, a second run
# keeps what is graded, and grading one more submission compiles only its files. The grading
# tree it leaves in TREE (default WORK/tree) is the one instructor.slurm_batch grades with.
set -uo pipefail
course=$1 tool=$2 work=$3 tree=${4:-$3/tree}
here=$(cd "$(dirname "$0")" && pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
verdict() { cmake -DREPORT="$work/out/results/$1/lab04.json" -DCHECK="$2" -P "$here/scripts/report_field.cmake" 2>&1; }
expect() {  # expect STUDENT CHECK VERDICT
  local got
  got=$(verdict "$1" "$2")
  [ "$got" = "$3" ] || fail "$1: $2 is \"$got\", expected \"$3\""
}

rm -rf "$work/class" "$work/out" "$work/single"
# The grading tree is kept (it holds the compiled checker), but not the extra submission's
# objects of an earlier run: their compile is what the last step below counts.
rm -rf "$tree/class/bob2"
mkdir -p "$work"
"$here/make_class.sh" "$course" "$work/class" || exit 1

start=$(date +%s)
"$tool" grade-class "$work/class" --lab 4 --out "$work/out" --tree "$tree" >"$work/first.log" 2>&1
status=$?
first=$(( $(date +%s) - start ))
cat "$work/first.log"
[ "$status" -eq 0 ] || fail "grade-class exited $status"
grep -q "Left out (not a folder or an archive): README.txt" "$work/first.log" || fail "README.txt was not named as left out"
grep -q "dave cannot be built: transpose.cu is missing" "$work/first.log" || fail "dave's missing file was not named"
grep -q "erin cannot be built: transpose.cu is ambiguous" "$work/first.log" || fail "erin's two files were not named"
grep -q "frank cannot be built: frank.tar.gz: it holds a path that leaves its folder" "$work/first.log" || fail "frank's archive was not refused"

# The CPU-graded checks decide the same on every machine.
expect alice submission_contract pass
expect alice column_read_conflict_free_model fail
expect bob submission_contract pass
expect bob column_read_conflict_free_model pass
expect bob predictions_match_bank_model pass
for who in carol dave erin frank; do
  expect "$who" submission_contract fail
  expect "$who" tile_fits fail
done
grep -q "do not compile" "$work/out/results/carol/lab04.txt" || fail "carol's report does not say her file does not compile"
grep -q "transpose.cu is missing" "$work/out/results/dave/lab04.txt" || fail "dave's report does not name the missing file"
for who in alice bob carol dave erin frank mallory oscar; do
  [ -s "$work/out/results/$who/gradescope.json" ] || fail "$who has no gradescope.json"
done

# The hostile two (solutions/wrong/29 and 30): their code runs only in the recorder, which may
# start no process, so oscar's shell never starts and his honest predictions earn their points;
# mallory's honest files earn theirs, and her attempt to lower the others' reports changed
# nothing. Neither left a process or a file behind.
expect oscar submission_contract pass
expect oscar predictions_match_bank_model pass
! grep -q "left processes running" "$work/out/results/oscar/lab04.txt" || fail "oscar's report says a process was left running: the recorder started one"
expect mallory column_read_conflict_free_model pass
expect mallory predictions_match_bank_model pass
grep -qE '"score": [1-9]' "$work/out/results/bob/lab04.json" || fail "bob's score was lowered: $(grep '"score"' "$work/out/results/bob/lab04.json")"
escaped=$(find "$work" "$course/labs" -name ESCAPED 2>/dev/null)
[ -z "$escaped" ] || fail "a submission left files outside its scratch folder: $escaped"
for environ in /proc/[0-9]*/environ; do
  if { tr '\000' '\n' <"$environ"; } 2>/dev/null | grep -qx 'MEMLAB_ESCAPEE=1'; then fail "a process oscar started still runs: $environ"; fi
done

csv=$work/out/class-lab04.csv html=$work/out/class-lab04.html
[ -s "$csv" ] || fail "no class CSV"
[ -s "$html" ] || fail "no class HTML page"
head -1 "$csv" | grep -q "^student,source,score,max_score,check," || fail "the CSV header is not the documented one"
grep -q '^bob,.*,column_read_conflict_free_model,cpu,mechanism,pass,' "$csv" || fail "the CSV has no row for bob's column model check"
grep -q '^dave,.*,exact_transpose,' "$csv" || fail "the CSV has no row for dave's checks"
grep -q "transpose.cu is missing" "$html" || fail "the HTML page does not list dave's missing file"
grep -q "<svg" "$html" || fail "the HTML page has no plot"

# A second run keeps every complete report and grades nothing again.
start=$(date +%s)
"$tool" grade-class "$work/class" --lab 4 --out "$work/out" --tree "$tree" >"$work/second.log" 2>&1 || fail "the second run failed"
second=$(( $(date +%s) - start ))
grep -q "8 submission(s) already graded by an earlier run: kept" "$work/second.log" || { cat "$work/second.log"; fail "the second run graded again"; }

# One more submission in the same tree: only its own two files compile, not the checker.
start=$(date +%s)
"$tool" grade "$work/class/bob.zip" --lab 04 --out "$work/single" --tree "$tree" --id bob2 >"$work/single.log" 2>&1 ||
  { cat "$work/single.log"; fail "grade exited non-zero"; }
single=$(( $(date +%s) - start ))
grep -q "score 5 / 18\|score .* / 18" "$work/single.log" || fail "grade printed no report"
[ -s "$work/single/results/bob2/lab04.json" ] || fail "grade wrote no report"
compiled=$(grep -cE "Building (CUDA|CXX) object" "$work/single/logs/build-programs.log")
checker=$(grep -cE "lab04_checker|memlab_checker" "$work/single/logs/build-programs.log" "$work/single/logs/build-course.log" | awk -F: '{s += $2} END {print s}')
[ "$compiled" -eq 2 ] || fail "grading one more submission compiled $compiled files, expected its 2"
[ "$checker" -eq 0 ] || fail "grading one more submission rebuilt the checker"

echo "times: first class run of 8 submissions ${first} s (builds the checker), second run ${second} s, one more submission ${single} s"
[ "$fails" -eq 0 ] && echo "grade_class: all checks passed"
exit $(( fails > 0 ))
