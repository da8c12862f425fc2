#!/bin/sh
# Grades the CPU checks of one lab, as GitHub Classroom does on a machine without a GPU:
#   checker/tools/classroom-grade.sh 04
# The Classroom workflow of the students' copy (.github/workflows/classroom.yml) runs it once
# per lab; you can run it too. It configures the lab's preset in one build folder that every lab
# shares (build/classroom: the grading tools and the checker library are compiled once), then
# runs the lab's tests with the GPU hidden (CUDA_VISIBLE_DEVICES=-1), so that any machine grades
# what GitHub's machines grade: the CPU checks run, each GPU check is skipped with its reason,
# and ctest ends with the lab's report. (`ctest -L cpu` would grade the same, but the report
# would then list every GPU check as a failure that did not run.) Grade the GPU checks with
# `cmake --preset labNN && ctest` on a machine with a GPU.
# Exit status 0 when every CPU check of the lab passes.
set -u
cd "$(dirname "$0")/../.." || exit 2
case ${1:-} in
  [0-9][0-9]) lab=$1 ;;
  [0-9]) lab=0$1 ;;
  *) echo "usage: checker/tools/classroom-grade.sh NN   (a lab number, e.g. 04)" >&2; exit 2 ;;
esac
build=build/classroom

# Classroom runs this with PATH and HOME only; the CUDA Toolkit may not be on PATH yet.
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  PATH=/usr/local/cuda/bin:$PATH
  export PATH
fi

mkdir -p build
log=build/classroom.lab$lab.configure.log
if ! cmake --preset "lab$lab" -B "$build" >"$log" 2>&1; then
  tail -n 30 "$log"
  echo "classroom-grade: \`cmake --preset lab$lab -B $build\` failed (the whole output: $log)" >&2
  exit 1
fi
CUDA_VISIBLE_DEVICES=-1
export CUDA_VISIBLE_DEVICES
echo "classroom-grade: lab $lab configured in $build; ctest grades its CPU checks (the GPU is hidden, as on GitHub's machines)"
exec ctest --test-dir "$build" --output-on-failure
