#!/usr/bin/env bash
# run_slurm_batch.sh COURSE MEMLAB_COURSE WORK TREE: memlab-course grade-class --slurm against a real
# single-node Slurm cluster started here (scripts/slurm_cluster.sh): a build job, a check array of
# one task per chunk with --gres=gpu:1, and a collect job after the array. The node has no GPU:
# the GPU checks skip; the CPU checks, the reports and the class summary are real. TREE is the
# grading tree instructor.grade_class built (its checker is not compiled again).
set -uo pipefail
course=$1 tool=$2 work=$3 tree=$4
here=$(cd "$(dirname "$0")" && pwd)
if [ "$(id -u)" -ne 0 ]; then echo "skipped: slurmd must run as root to start jobs (run the test as root, as CI does)"; exit 77; fi
for daemon in munged slurmctld slurmd sbatch; do
  command -v "$daemon" >/dev/null || { echo "skipped: $daemon is not installed (Debian: apt-get install slurm-wlm munge)"; exit 77; }
done
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
verdict() { cmake -DREPORT="$work/out/results/$1/lab04.json" -DCHECK="$2" -P "$here/scripts/report_field.cmake" 2>&1; }

rm -rf "$work" && mkdir -p "$work"
cluster=$(mktemp -d /tmp/memlab-slurm.XXXXXX)  # short: a socket path is at most 107 bytes
source "$here/scripts/slurm_cluster.sh"
trap 'slurm_stop; rm -rf "$cluster"' EXIT
slurm_start "$cluster" || { echo "FAIL: the test cluster did not start"; exit 1; }
"$here/make_class.sh" "$course" "$work/class" alice bob dave || exit 1

start=$(date +%s)
"$tool" grade-class "$work/class" --lab 04 --out "$work/out" --tree "$tree" --slurm --partition grading \
  --chunk 2 --time 00:20:00 --build-cpus 1 --wait >"$work/submit.log" 2>&1
status=$?
took=$(( $(date +%s) - start ))
cat "$work/submit.log"
echo "--- the jobs' logs"
cat "$work"/out/logs/slurm-*.log
[ "$status" -eq 0 ] || fail "grade-class --slurm --wait exited $status"
grep -q "check array .* (2 task(s))" "$work/submit.log" || fail "3 submissions in chunks of 2 are not 2 array tasks"
ls "$work"/out/logs/slurm-check-*_0.log "$work"/out/logs/slurm-check-*_1.log >/dev/null 2>&1 || fail "the array's two tasks left no logs"
sub=$work/out/slurm/submitted.txt
grep -q "check.sh" "$sub" && grep "check.sh" "$sub" | grep -q -- "--gres=gpu:1" || fail "the check array did not ask for --gres=gpu:1"
grep "check.sh" "$sub" | grep -q -- "--dependency=afterok:" || fail "the check array does not wait for the build job"
grep "collect.sh" "$sub" | grep -q -- "--dependency=afterany:" || fail "the collect job does not wait for the whole array"
[ "$(verdict alice column_read_conflict_free_model)" = fail ] || fail "alice's column model check is not fail"
[ "$(verdict bob column_read_conflict_free_model)" = pass ] || fail "bob's column model check is not pass"
[ "$(verdict dave submission_contract)" = fail ] || fail "dave's missing file did not fail his report"
[ "$(verdict bob exact_transpose)" = skip ] || fail "bob's GPU check did not skip on a node without a GPU"
[ -s "$work/out/class-lab04.csv" ] && [ -s "$work/out/class-lab04.html" ] || fail "the collect job wrote no class summary"
if grep -q "lab04_checker" "$work"/out/logs/build-programs.log; then fail "the build job compiled the checker again"; fi
echo "time: submit, build, 2 check tasks and collect: ${took} s"
[ "$fails" -eq 0 ] && echo "slurm_batch: all checks passed"
exit $(( fails > 0 ))
