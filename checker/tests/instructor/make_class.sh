#!/usr/bin/env bash
# make_class.sh COURSE DIR [NAMES...]: a class of lab 04 submissions in DIR, one of each kind a
# class run must handle (all by default):
#   alice  the starter, as a folder
#   bob    the solution, as a .zip whose files sit in different folders
#   carol  a file that does not compile
#   dave   transpose.cu missing
#   erin   two different transpose.cu files (ambiguous)
#   frank  a .tar.gz with an entry that leaves its folder (../), refused before unpacking
#   mallory  honest files whose code also tries to lower every other report of the class run
#            (solutions/wrong/30-rewrites-other-reports)
#   oscar  code that leaves a process rewriting its own report (solutions/wrong/29-leaves-report-rewriter)
set -euo pipefail
course=$1 dir=$2
shift 2
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(alice bob carol dave erin frank mallory oscar)
starter=$course/labs/04-padding solution=$course/solutions/04-padding wrong=$course/solutions/wrong
rm -rf "$dir" && mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in "${names[@]}"; do
  case $name in
    alice) mkdir "$dir/alice" && cp "$starter/predict.cpp" "$starter/transpose.cu" "$dir/alice/" ;;
    bob) mkdir -p "$work/bob/src/kernels" && cp "$solution/predict.cpp" "$work/bob/" &&
         cp "$solution/transpose.cu" "$work/bob/src/kernels/" &&
         (cd "$work/bob" && cmake -E tar cf "$dir/bob.zip" --format=zip predict.cpp src) ;;
    carol) mkdir "$dir/carol" && cp "$starter/predict.cpp" "$starter/transpose.cu" "$dir/carol/" &&
           echo "this line is not C++" >> "$dir/carol/transpose.cu" ;;
    dave) mkdir "$dir/dave" && cp "$solution/predict.cpp" "$dir/dave/" ;;
    erin) mkdir -p "$dir/erin/old" && cp "$solution/predict.cpp" "$solution/transpose.cu" "$dir/erin/" &&
          cp "$starter/transpose.cu" "$dir/erin/old/" ;;
    frank) mkdir -p "$work/frank/inner" && cp "$solution/predict.cpp" "$solution/transpose.cu" "$work/frank/" &&
           (cd "$work/frank/inner" && tar -czPf "$dir/frank.tar.gz" ../predict.cpp ../transpose.cu) ;;
    mallory) mkdir "$dir/mallory" && cp "$wrong/30-rewrites-other-reports/04-padding/predict.cpp" "$dir/mallory/" &&
             cp "$solution/transpose.cu" "$dir/mallory/" ;;
    oscar) mkdir "$dir/oscar" && cp "$wrong/29-leaves-report-rewriter/04-padding/predict.cpp" "$dir/oscar/" &&
           cp "$solution/transpose.cu" "$dir/oscar/" ;;
    *) echo "make_class.sh: unknown submission $name" >&2; exit 2 ;;
  esac
done
echo "notes for the TA" > "$dir/README.txt"   # not a submission: left out, and said so
