#!/bin/sh
# After the known-wrong submissions of the class "containment" were graded (solutions/wrong/,
# expected.json "class": "containment"): nothing they started still runs, and none of the files
# they tried to leave in the results, the build tree or the course's tree exists.
#   checker/tests/run_containment_aftermath.sh BUILD_DIR SOURCE_DIR CASE...
# The cases mark what they start with MEMLAB_ESCAPEE=1 in its environment and name each file
# they leave ESCAPED, so that this test can look for them.
set -u
build=$1
src=$2
shift 2

# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

running=""
for environ in /proc/[0-9]*/environ; do
  if { tr '\000' '\n' <"$environ"; } 2>/dev/null | grep -qx 'MEMLAB_ESCAPEE=1'; then
    pid=${environ#/proc/}
    running="$running ${pid%/environ}"
  fi
done
if [ -z "$running" ]; then say "ok: no process a known-wrong submission started is still running"; else
  fail "processes a known-wrong submission started still run:$running"
fi

left=$(find "$build" "$src/labs" "$src/solutions" -name ESCAPED 2>/dev/null)
if [ -z "$left" ]; then say "ok: no file named ESCAPED in the build tree, labs/ or solutions/"; else
  fail "files that a known-wrong submission wrote outside its scratch folder" "$left"
fi

for case in "$@"; do
  reports=$(ls "$build/wrong/$case/results/"lab*.json 2>/dev/null | grep -v '\.build\.json$')
  if [ -z "$reports" ]; then
    fail "$case has no report: grade it first (ctest -R '^wrong\\.$case\\.')"
    continue
  fi
  for report in $reports; do
    text=$(cat "$report")
    expect_contains "$case: the report was written by memlab-report" "$text" '"graded":'
    expect_contains "$case: the report says how the code was contained" "$text" '"containment":'
  done
done
say "$failures failure(s)"
[ "$failures" -eq 0 ]
