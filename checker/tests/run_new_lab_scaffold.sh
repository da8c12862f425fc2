#!/usr/bin/env bash
# Adding a lab, on a copy of the course:
#   checker/tests/run_new_lab_scaffold.sh SOURCE_DIR WORK_DIR [MEMLAB_SITE]
# 1. The course's files (git's tracked and untracked-but-not-ignored files, or the tree without
#    build/ and .git) are copied into WORK_DIR/course and committed there.
# 2. cmake/MemlabNewLab.cmake makes the next free lab (09 today). git status then shows only the
#    lab's folders, its deck, CMakePresets.json and, with MEMLAB_SITE, one new row in the lab
#    tables of README.md and docs/index.md. A second run for the same number is refused.
# 3. With MEMLAB_SITE: lab-tables fails only for the cell that docs/index.md keeps by hand (and,
#    on the Chinese home page, for that cell and the lab's Chinese title and summary); once
#    it is written, lab-tables and check-tables pass; check-translations asks only for the new
#    lab's handout and deck in Chinese.
# 4. cmake --preset labNN-solution && ctest: the solution passes (without a GPU the cpu suite
#    passes and the GPU suite is skipped), and the lab's report exists.
# 5. The same tree on the starter: the cpu check of the lesson fails, the report says so.
# Exit status 0 when every step behaves; each failure is printed with the output it judged.
set -u
src=$1
work=$2
site=${3:-}
failures=0

# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
seconds_since() { echo $(($(date +%s) - $1)); }

rm -rf "$work"
mkdir -p "$work"
course="$work/course"
mkdir -p "$course"

# 1. The course's files, committed in a repository of their own.
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$src" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -) | (cd "$course" && tar -xf -)
else
  (cd "$src" && tar --exclude=./build --exclude=./.git --exclude=./Testing --exclude=./CMakeUserPresets.json -cf - .) |
    (cd "$course" && tar -xf -)
fi
cd "$course" || exit 2
git init -q . && git add -A && git -c user.name=memlab -c user.email=memlab@localhost -c commit.gpgsign=false \
  commit -q -m "the course before the new lab" || { say "FAIL: cannot commit the copy"; exit 2; }

# 2. The scaffold, for the first number after the last lab.
last=$(ls -d labs/[0-9][0-9]-*/ | sed 's|labs/\([0-9][0-9]\)-.*|\1|' | sort | tail -n 1)
number=$(printf '%02d' $((10#$last + 1)))
name=scaffold-test
folder="$number-$name"
site_arg=()
[ -n "$site" ] && site_arg=("-DMEMLAB_SITE=$site")
start=$(date +%s)
out=$(cmake "-DNUMBER=$number" "-DNAME=$name" "${site_arg[@]}" -P cmake/MemlabNewLab.cmake 2>&1) ||
  { fail "cmake -DNUMBER=$number -DNAME=$name -P cmake/MemlabNewLab.cmake" "$out"; exit 1; }
say "scaffold of lab $number: $(seconds_since "$start") s"
expect_contains "the scaffold names the next step" "$out" "cmake --preset lab$number-solution && ctest"
[ -z "$site" ] && expect_contains "without memlab-site it prints the command" "$out" "lab-tables --root . --write"

status=$(git status --porcelain --untracked-files=all)
unexpected=$(say "$status" | grep -v -E "^\?\? (labs/$folder/|solutions/$folder/|slides/$folder\.md$)" |
  grep -v -E "^ M (CMakePresets\.json|README\.md|docs/index\.md|docs/index\.zh\.md)$")
if [ -n "$unexpected" ]; then fail "the scaffold changed other files" "$unexpected"; else say "ok: only the new lab and the generated files changed"; fi
for f in labs/$folder/README.md labs/$folder/lab.h labs/$folder/lab.json labs/$folder/contract.json \
         labs/$folder/copy.cu labs/$folder/check.cpp labs/$folder/CTestTestfile.cmake \
         solutions/$folder/copy.cu solutions/$folder/CTestTestfile.cmake slides/$folder.md; do
  [ -f "$f" ] || fail "the scaffold wrote no $f"
done
if grep -rn "@[A-Z_]*@" "labs/$folder" "solutions/$folder" "slides/$folder.md"; then fail "a template variable is left unreplaced"; fi
# The templates write code in the course's layout: course.format passes on the new lab too.
if command -v "${CLANG_FORMAT:-clang-format}" >/dev/null 2>&1; then
  code=$(find "labs/$folder" "solutions/$folder" -type f \( -name '*.cu' -o -name '*.h' -o -name '*.cpp' \) | sort)
  out=$(say "$code" | xargs "${CLANG_FORMAT:-clang-format}" --dry-run -Werror --style=file 2>&1) &&
    say "ok: the new lab's code matches .clang-format" || fail "the templates' code differs from .clang-format" "$out"
fi
presets=$(git diff -U0 CMakePresets.json | grep -E '^[-+][^-+]')
if say "$presets" | grep -v -q "lab$number"; then fail "CMakePresets.json changed more than lab $number's presets" "$presets"; fi
say "$presets" | grep -q "\"lab$number-solution\"" && say "ok: CMakePresets.json has lab$number-solution" ||
  fail "CMakePresets.json has no lab$number-solution preset" "$presets"
if [ -n "$site" ]; then
  pages="README.md docs/index.md"
  [ -f docs/index.zh.md ] && pages="$pages docs/index.zh.md"  # the Chinese home page holds the same table
  for page in $pages; do
    changed=$(git diff -U0 "$page" | grep -E '^[-+][^-+]')
    if [ "$(say "$changed" | wc -l)" -eq 1 ] && say "$changed" | grep -q "^+| $number | \[" ; then
      say "ok: $page gained the row of lab $number and nothing else"
    else
      fail "$page: the lab table should gain one row" "$changed"
    fi
  done
fi

out=$(cmake "-DNUMBER=$number" -DNAME=other -P cmake/MemlabNewLab.cmake 2>&1) && fail "a second lab $number was made" "$out"
expect_contains "a taken number is refused" "$out" "Lab $number exists already"
[ "$(git status --porcelain --untracked-files=all)" = "$status" ] || fail "the refused run changed files"

# 3. The lab tables: the hand-written cell of docs/index.md is the only thing left to write.
if [ -n "$site" ]; then
  out=$("$site" lab-tables --root . 2>&1) && fail "lab-tables passes with an empty hand-written cell" "$out"
  expect_contains "lab-tables asks for the hand-written cell" "$out" "lab $number has an empty cell in the column \"graded on speed by\""
  want=1
  if [ -f docs/index.zh.md ]; then
    # The Chinese home page: the same hand-written cell, and the lab's Chinese title and summary,
    # which lab.json holds under "zh" and the template cannot know.
    want=4
    expect_contains "and for the Chinese title" "$out" "labs/$folder/lab.json has no \"zh\": {\"title\"}"
    expect_contains "and for the Chinese summary" "$out" "labs/$folder/lab.json has no \"zh\": {\"summary\"}"
  fi
  expect_contains "and for nothing else" "$out" "$want lab-table problem"
  for page in docs/index.md docs/index.zh.md; do
    [ -f "$page" ] && sed -i "s/^\(| $number | .*\) |  |\$/\1 | no timing: correctness only |/" "$page"
  done
  if [ -f docs/index.zh.md ]; then
    sed -i 's/^\(  "summary": .*\),$/\1,\n  "zh": {"title": "脚手架测试", "summary": "复制一个数组"},/' "labs/$folder/lab.json"
    out=$("$site" lab-tables --root . --write 2>&1) || fail "lab-tables --write after the Chinese title" "$out"
  fi
  out=$("$site" lab-tables --root . 2>&1) && say "ok: lab-tables passes once the cell is written" ||
    fail "lab-tables after writing the cell" "$out"
  out=$("$site" check-tables --root . 2>&1) && say "ok: the handout's checks table matches lab.json" ||
    fail "check-tables on the new handout" "$out"
  # The Chinese edition: the new lab's handout and deck are the only pages left to translate.
  out=$("$site" check-translations --root . 2>&1) && fail "check-translations passes without the new lab's translation" "$out"
  expect_contains "check-translations asks for the handout's translation" "$out" "labs/$folder/README.md: has no Chinese translation"
  expect_contains "and for the deck's" "$out" "slides/$folder.md: has no Chinese translation"
  expect_contains "and for nothing else" "$out" "2 translation problems"
  out=$("$site" check-links --root . 2>&1)
  broken=$(say "$out" | grep -E "^(labs/$folder|slides/$folder|solutions/$folder)")
  [ -z "$broken" ] && say "ok: the new lab's pages link nothing broken" || fail "broken links in the new lab" "$broken"
fi

# 4. The reference solution, graded as a student grades a lab.
start=$(date +%s)
out=$(cmake --preset "lab$number-solution" 2>&1) || { fail "cmake --preset lab$number-solution" "$out"; exit 1; }
out=$(ctest 2>&1); rc=$?
say "cold cmake --preset lab$number-solution && ctest: $(seconds_since "$start") s"
[ $rc -eq 0 ] && say "ok: ctest passes for the solution" || fail "ctest of lab $number's solution: exit status $rc" "$out"
expect_contains "the cpu suite ran and passed" "$out" "lab$number.cpu ."
if [ -z "$(command -v nvidia-smi)" ]; then
  expect_contains "without a GPU the GPU suite is skipped" "$out" "lab$number.correctness"
  say "$out" | grep -q "lab$number.correctness .*Skipped" && say "ok: ... and reported as skipped" ||
    fail "lab$number.correctness is not reported as skipped" "$out"
fi
results="build/lab$number-solution/results"
for f in "$results/lab$number.txt" "$results/lab$number.json"; do
  [ -s "$f" ] && say "ok: $f exists" || fail "no report $f" "$out"
done
report=$(cat "$results/lab$number.txt" 2>/dev/null)
expect_contains "the report passes the lesson's cpu check" "$report" "[PASS        ] warp_copies_consecutive_elements"

# 5. The starter, in the same build tree (the checker is compiled already).
start=$(date +%s)
out=$(cmake --preset "lab$number-solution" -DMEMLAB_SOLUTION=OFF 2>&1) || { fail "configure the starter" "$out"; exit 1; }
out=$(ctest 2>&1); rc=$?
say "the starter in the same tree: $(seconds_since "$start") s"
[ $rc -ne 0 ] && say "ok: ctest fails for the starter" || fail "ctest passes for the starter" "$out"
report=$(cat "$results/lab$number.txt" 2>/dev/null)
expect_contains "the starter fails the lesson's cpu check" "$report" "[FAIL        ] warp_copies_consecutive_elements"

say "$failures failure(s)"
[ "$failures" -eq 0 ]
